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
  /** What happened, without the package tag or advice: `GET /users timed out after 100 ms (attempt 1)`. */
  readonly summary: string;
  /** What to do about it: `Raise timeoutMs (client or per call) if the server is slow.` */
  readonly hint: string;

  constructor(request: RequestInfo, timeoutMs: number) {
    const summary = `${describeRequest(request)} timed out after ${timeoutMs} ms (attempt ${request.attempt})`;
    const hint = 'Raise timeoutMs (client or per call) if the server is slow.';
    super(`[teamchat-sdk] ${summary}. ${hint}`);
    this.request = request;
    this.timeoutMs = timeoutMs;
    this.summary = summary;
    this.hint = hint;
  }
}

/** Whether `error` is a {@link TimeoutError} (also across copies of the package). */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return (
    error instanceof TimeoutError || (error instanceof Error && error.name === 'TimeoutError' && 'timeoutMs' in error)
  );
}
