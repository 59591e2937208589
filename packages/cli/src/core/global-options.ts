// The program's options and output, apart from the context (cli-context.ts) that uses them,
// so that the client factory (create-cli-client.ts) can read them without a loop back.

/** Where the CLI writes: `process.stdout` / `process.stderr`, or a test's collector. */
export interface Output {
  write(text: string): unknown;
  /** Terminal width, when the output is a terminal (used for `--help`). */
  readonly columns?: number | undefined;
}

/** The options every command accepts (`teamchat --json users list`, `teamchat users list --json`). */
export interface GlobalOptions {
  config?: string | undefined;
  site?: string | undefined;
  email?: string | undefined;
  apiKey?: string | undefined;
  json: boolean;
  verbose: boolean;
  /** Time limit of each HTTP attempt, in seconds. */
  timeout: number;
  /**
   * Retries of GET requests after network errors, timeouts and 5xx answers; also the budget of
   * retries of rate-limited (429) requests of any method.
   */
  retries: number;
}
