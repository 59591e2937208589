import { describeRequest, type RequestInfo } from '../core/request-info.js';

/**
 * The request never got an HTTP response: DNS failure, refused or reset connection, TLS
 * error. `cause` holds the error `fetch` threw.
 *
 * @example
 * try { await client.users.list(); } catch (error) {
 *   if (isNetworkError(error)) console.error('server unreachable:', error.message);
 * }
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** The failed attempt, credentials redacted. */
  readonly request: RequestInfo;
  /** What happened, without the package tag or advice: `GET /users failed: could not reach https://chat.example.com (fetch failed: ECONNREFUSED)`. */
  readonly summary: string;
  /** What to do about it: `Check the site URL and the network.` */
  readonly hint: string;

  /** `detail` replaces the text taken from `cause` (the transport passes it redacted). */
  constructor(request: RequestInfo, cause: unknown, detail = describeFetchFailure(cause)) {
    const summary = `${describeRequest(request)} failed: could not reach ${new URL(request.url).origin} (${detail})`;
    const hint = 'Check the site URL and the network.';
    super(`[teamchat-sdk] ${summary}. ${hint}`, { cause });
    this.request = request;
    this.summary = summary;
    this.hint = hint;
  }
}

/** Whether `error` is a {@link NetworkError} (also across copies of the package). */
export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError || (error instanceof Error && error.name === 'NetworkError' && 'request' in error);
}

/** `fetch failed: ECONNREFUSED`: the useful part of what fetch threw. */
export function describeFetchFailure(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause;
  const code = inner && typeof inner === 'object' && 'code' in inner ? String(inner.code) : undefined;
  return code ? `${cause.message}: ${code}` : cause.message;
}
