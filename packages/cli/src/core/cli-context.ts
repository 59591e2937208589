import { homedir } from 'node:os';
import { createRedactor, type Client, type Redactor } from '@teamchat/client-sdk';
import { CliError } from './cli-error.js';
import { createCliClient } from './create-cli-client.js';
import type { GlobalOptions, Output } from './global-options.js';

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
  /**
   * Asks a yes/no question of a person. Default: a prompt on the terminal when stdin is one;
   * without a terminal (a script) there is no one to ask, and destructive commands need `--yes`.
   */
  prompt?: ((question: string) => Promise<string>) | undefined;
  /** Where `-` arguments are read from (`messages send -`). Default `process.stdin`. */
  stdin?: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
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
  /**
   * Asks before a destructive change: resolves when `yes` (`--yes`) or the person agrees.
   *
   * @throws {CliError} (cancelled) when they decline; (usage) when no terminal can ask.
   */
  confirm(question: string, yes: boolean | undefined): Promise<void>;
  /** A progress line on stderr: rewritten in place on a terminal, one line per update otherwise. */
  progress(): Progress;
  /** Everything on stdin, as text. */
  readStdin(): Promise<string>;
}

/** A progress line of a long operation. */
export interface Progress {
  update(text: string): void;
  /** Ends the progress: clears the line on a terminal, then prints `text` when given (and new). */
  done(text?: string): void;
}

/** The default prompt: a question on stderr, the answer from the terminal; none without one. */
function terminalPrompt(): ((question: string) => Promise<string>) | undefined {
  if (!process.stdin.isTTY) return undefined;
  return async (question) => {
    const { createInterface } = await import('node:readline/promises');
    const readline = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await readline.question(question);
    } finally {
      readline.close();
    }
  };
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
  const prompt = 'prompt' in options ? options.prompt : terminalPrompt();
  const onTerminal = (rawStderr as { isTTY?: boolean }).isTTY === true;
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
    async confirm(question, yes) {
      if (yes) return;
      if (!prompt) {
        throw new CliError('usage', `${question.replace(/\?$/, '')}: not confirmed (no terminal to ask)`, {
          hint: 'pass --yes to confirm in a script (--dry-run shows the request first)',
        });
      }
      const answer = (await prompt(`${question} [y/N] `)).trim().toLowerCase();
      if (answer !== 'y' && answer !== 'yes') throw new CliError('cancelled', 'cancelled; nothing was changed');
    },
    progress() {
      let last = '';
      return {
        update(text) {
          last = text;
          stderr.write(onTerminal ? `\r\x1b[K${text}` : `${text}\n`);
        },
        done(text) {
          if (onTerminal) stderr.write('\r\x1b[K');
          if (text !== undefined && (onTerminal || text !== last)) stderr.write(`${text}\n`);
        },
      };
    },
    async readStdin() {
      let text = '';
      const decoder = new TextDecoder();
      for await (const chunk of options.stdin ?? process.stdin)
        text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      return text + decoder.decode();
    },
  };
}
