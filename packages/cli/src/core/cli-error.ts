import { isNetworkError, isResponseValidationError, isTimeoutError } from '@teamchat/client-sdk';
import { isApiError } from '@teamchat/schema';
import { CommanderError } from 'commander';

/**
 * The exit codes of `teamchat`, one per kind of failure. This table and {@link toCliError}
 * are the only places that decide how a failure ends the process.
 */
export const EXIT_CODES = {
  /** The command did what was asked. */
  ok: 0,
  /** The server answered with an error envelope (`ApiError`). */
  api: 1,
  /** Bad arguments: unknown command, option, endpoint, setting or parameter; a value the contract rejects. */
  usage: 2,
  /** No usable credentials or site: missing values, unreadable zuliprc, invalid site URL. */
  config: 3,
  /** No HTTP response: connection refused, DNS failure, TLS error, timeout. */
  network: 4,
  /** An HTTP response that is not the API's JSON envelope (wrong site, proxy error page). */
  response: 5,
  /** A person declined the confirmation of a destructive command. */
  cancelled: 6,
  /** A bug in teamchat itself. */
  internal: 70,
} as const;

/** A kind of failure: a key of {@link EXIT_CODES}. */
export type ExitKind = keyof typeof EXIT_CODES;

/** Options of {@link CliError}. */
export interface CliErrorOptions {
  /** A second line telling the user what to do next. */
  hint?: string;
  /** Whether the message was already printed (commander prints its own errors). */
  reported?: boolean;
  cause?: unknown;
}

/**
 * A failure of a `teamchat` command: what to print and which exit code to end with.
 *
 * @example
 * throw new CliError('usage', "unknown setting 'twenty_four_hour_tim'", { hint: 'did you mean twenty_four_hour_time?' });
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly kind: ExitKind;
  readonly exitCode: number;
  readonly hint: string | undefined;
  readonly reported: boolean;

  constructor(kind: ExitKind, message: string, options: CliErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.exitCode = EXIT_CODES[kind];
    this.hint = options.hint;
    this.reported = options.reported ?? false;
  }
}

/** Whether `error` is a {@link CliError} (also across copies of the package). */
export function isCliError(error: unknown): error is CliError {
  return error instanceof CliError || (error instanceof Error && error.name === 'CliError' && 'exitCode' in error);
}

/**
 * The message of `error` without the package tag library messages start with
 * (`[teamchat-sdk] `): the CLI prints its own `error:` prefix.
 */
export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^\[teamchat-[a-z]+\] /, '');
}

/**
 * What happened, for one line of output: the SDK's `summary` of a network error or a timeout
 * (without its advice, which the CLI words in its own `hint`), else {@link messageOf}.
 */
export function summaryOf(error: unknown): string {
  return isNetworkError(error) || isTimeoutError(error) ? error.summary : messageOf(error);
}

/**
 * Maps anything a command threw to a {@link CliError}: the one place where kinds of failure
 * become exit codes.
 */
export function toCliError(error: unknown): CliError {
  if (isCliError(error)) return error;
  if (error instanceof CommanderError) {
    // Commander has printed its message (or the help) through the configured output already.
    return new CliError(error.exitCode === 0 ? 'ok' : 'usage', error.message, { reported: true, cause: error });
  }
  if (isApiError(error)) {
    const varName = error.extra['var_name'];
    const suffix = typeof varName === 'string' ? ` (var_name: ${varName})` : '';
    return new CliError('api', `${error.code}: ${error.msg}${suffix}`, { cause: error });
  }
  if (isTimeoutError(error)) {
    return new CliError('network', error.summary, {
      hint: '--timeout SECONDS raises the time limit of each attempt',
      cause: error,
    });
  }
  if (isNetworkError(error)) {
    return new CliError('network', error.summary, {
      hint: 'check the site (--site, ZULIP_SITE or site= in the zuliprc), that the server is running, and the network',
      cause: error,
    });
  }
  if (isResponseValidationError(error)) {
    return new CliError('response', messageOf(error), { cause: error });
  }
  return new CliError('internal', `unexpected failure: ${messageOf(error)}`, {
    hint: 'this is a bug in teamchat; run again with --verbose and report the output',
    cause: error,
  });
}

/** Writes `error: …` (and `hint: …`) for `error` unless commander already did. */
export function reportError(error: CliError, write: (text: string) => void): void {
  if (error.reported) return;
  write(`error: ${error.message}\n`);
  if (error.hint) write(`hint: ${error.hint}\n`);
}
