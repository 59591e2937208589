import { ERROR_CODES, type ErrorCode } from './codes.js';

/**
 * The code {@link ApiError.fromEnvelope} gives a 5xx error envelope that has none (the server's
 * answer to an unexpected exception). It is not a code of the API's table: no server sends it.
 */
const INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR';

/** Extra top-level fields of an error envelope (`var_name`, `queue_id`, `retry-after`, …). */
export type ApiErrorExtra = Record<string, unknown>;

/** Options of {@link ApiError}. */
export interface ApiErrorOptions {
  /** HTTP status; defaults to the status of `code` in the error-code table. */
  status?: number;
  /** Extra fields, sent as top-level keys of the error envelope. */
  extra?: ApiErrorExtra;
  cause?: unknown;
}

/** The body of an error response: `{ result: "error", msg, code, ...extra }`. */
export interface ErrorEnvelope {
  result: 'error';
  msg: string;
  code?: string;
  [extra: string]: unknown;
}

/**
 * The one error of the API: thrown by server handlers, answered as an error envelope by
 * the adapters, and thrown by the SDK when a response is an error envelope.
 *
 * @example
 * throw new ApiError('BAD_REQUEST', 'Invalid message(s)');
 * throw new ApiError('REQUEST_VARIABLE_MISSING', "Missing 'content' argument", { extra: { var_name: 'content' } });
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Error code of the envelope; a string outside the table when a newer server sends one. */
  readonly code: ErrorCode | (string & {});
  /** The human-readable `msg` of the envelope. */
  readonly msg: string;
  /** HTTP status of the response. */
  readonly status: number;
  /** Extra top-level fields of the envelope. */
  readonly extra: ApiErrorExtra;

  constructor(code: ErrorCode | (string & {}), msg: string, options: ApiErrorOptions = {}) {
    super(msg, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.msg = msg;
    this.status = options.status ?? (ERROR_CODES as Record<string, number>)[code] ?? 400;
    this.extra = options.extra ?? {};
  }

  /** The error envelope this error is sent as. */
  toEnvelope(): ErrorEnvelope {
    return { result: 'error', msg: this.msg, code: this.code, ...this.extra };
  }

  /**
   * Rebuilds an error from an envelope received with `status`. An envelope without `code`
   * (old servers, proxies, and every server's answer to a crash) gets `BAD_REQUEST` below 500,
   * as in the official clients, and `INTERNAL_SERVER_ERROR` for a 5xx, so that a crash
   * is never mistaken for a rejected request.
   */
  static fromEnvelope(envelope: ErrorEnvelope, status: number): ApiError {
    const { result: _result, msg, code, ...extra } = envelope;
    const fallback = status >= 500 ? INTERNAL_SERVER_ERROR : 'BAD_REQUEST';
    return new ApiError(typeof code === 'string' ? code : fallback, String(msg), { status, extra });
  }
}

/** Whether `error` is an {@link ApiError} (also across copies of the package). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'code' in error);
}

/** Whether `error` is an {@link ApiError} with `code`. */
export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return isApiError(error) && error.code === code;
}
