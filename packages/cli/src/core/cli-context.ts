import { homedir } from 'node:os';
import { createRedactor, type Client, type Redactor } from '@teamchat/client-sdk';
import { createCliClient } from './create-cli-client.js';

/** Where the CLI writes: `process.stdout` / `process.stderr`, or a test's collector. */
export interface Output {
  write(text: string): unknown;
  /** Terminal width, when the output is a terminal (used for `--help`). */
  readonly columns?: number | undefined;
}

/** Dependencies of the program; every one has a default for the real process. */
export interface ProgramOptions {
  /** Default `process.stdout`. */
  stdout?: Output;
  /** Default `process.stderr`. */
  stderr?: Output;
  /** Environment to read `ZULIP_*` from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where `~/.zuliprc` is. Default `os.homedir()`. */
  homeDir?: string;
  /** The fetch of the SDK client. Default the global `fetch`. */
  fetch?: typeof globalThis.fetch;
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

/** What commands get: output, options, and the client, created only when first needed. */
export interface CliContext {
  readonly stdout: Output;
  /** stderr with every known credential replaced by `[REDACTED]`. */
  readonly stderr: Output;
  globals(): GlobalOptions;
  /** The SDK client; resolves the configuration on first use (so `--help` needs none). */
  client(): Client;
  /** Prints `data` as JSON with `--json`, else the text `human()` returns. */
  print(data: unknown, human: () => string): void;
}

/**
 * Builds the context of one run. `readGlobals` reads the root command's parsed options
 * (known only once commander has parsed the arguments).
 */
export function createContext(options: ProgramOptions, readGlobals: () => GlobalOptions): CliContext {
  const stdout = options.stdout ?? process.stdout;
  const rawStderr = options.stderr ?? process.stderr;
  // The SDK's redactor; rebuilt when a secret becomes known (once the configuration is read).
  const secrets = new Set<string>();
  let redactor: Redactor = createRedactor([]);
  const stderr: Output = { write: (text) => rawStderr.write(redactor.text(text)), columns: rawStderr.columns };
  let client: Client | undefined;
  return {
    stdout,
    stderr,
    globals: readGlobals,
    client() {
      client ??= createCliClient({
        globals: readGlobals(),
        env: options.env ?? process.env,
        homeDir: options.homeDir ?? homedir(),
        stderr,
        addSecret: (secret) => {
          secrets.add(secret);
          redactor = createRedactor([...secrets]);
        },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      return client;
    },
    print(data, human) {
      stdout.write(readGlobals().json ? `${JSON.stringify(data, null, 2)}\n` : human());
    },
  };
}
