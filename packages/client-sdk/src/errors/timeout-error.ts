import { describeRequest, type RequestInfo } from '../core/request-info.js';

/**
 * An attempt took longer than `timeoutMs` (headers and body together). Retried like a
 * network error unless retries are off.
 *
 * @example
 * const client = createClient({ site, email, apiKey, timeoutMs: 10_000 });
 * try { await client.users.list(); } catch (error) {
 *   if (isTimeoutError(error)) console.error(`gave up after ${error.timeoutMs} ms`);
 * }
 */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  /** The attempt that timed out, credentials redacted. */
  readonly request: RequestInfo;
  /** The time limit that was exceeded. */
  readonly timeoutMs: number;

  constructor(request: RequestInfo, timeoutMs: number) {
    super(
      `[teamchat-sdk] ${describeRequest(request)} timed out after ${timeoutMs} ms (attempt ${request.attempt}). ` +
        'Raise timeoutMs (client or per call) if the server is slow.',
    );
    this.request = request;
    this.timeoutMs = timeoutMs;
  }
}

/** Whether `error` is a {@link TimeoutError} (also across copies of the package). */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError || (error instanceof Error && error.name === 'TimeoutError' && 'timeoutMs' in error);
}
