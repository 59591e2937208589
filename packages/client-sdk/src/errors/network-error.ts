import { describeRequest, type RequestInfo } from '../core/request-info.js';

/**
 * The request never got an HTTP response: DNS failure, refused or reset connection, TLS
 * error, or — in a browser calling another origin — a response the browser withheld because
 * it allowed no CORS access (the browser tells the page nothing more, so the `hint` names
 * that cause and its fixes). `cause` holds the error `fetch` threw.
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
  /**
   * What to do about it: `Check the site URL and the network.`, and in a browser page on
   * another origin than the server's, first the likely cause: CORS.
   */
  readonly hint: string;
  /**
   * The system error's code when fetch reports one: `ECONNREFUSED` (nothing listens at the
   * address: a server that is not running, or the wrong port), `ENOTFOUND`, `ECONNRESET`…
   */
  readonly code: string | undefined;

  /** `detail` replaces the text taken from `cause` (the transport passes it redacted). */
  constructor(request: RequestInfo, cause: unknown, detail = describeFetchFailure(cause)) {
    const target = new URL(request.url).origin;
    const summary = `${describeRequest(request)} failed: could not reach ${target} (${detail})`;
    const page = browserPageOrigin();
    const hint =
      page !== undefined && page !== target
        ? `This page (${page}) calls another origin: the likely cause is CORS, which the server must allow (the real server allows none). ` +
          `Serve the app and the API from one origin (a proxy of /api/ in your dev server), or start teamchat-server with --cors-origin ${page}. ` +
          'Otherwise, check the site URL and the network.'
        : 'Check the site URL and the network.';
    super(`[teamchat-sdk] ${summary}. ${hint}`, { cause });
    this.request = request;
    this.summary = summary;
    this.hint = hint;
    this.code = fetchFailureCode(cause);
  }
}

/** Whether `error` is a {@link NetworkError} (also across copies of the package). */
export function isNetworkError(error: unknown): error is NetworkError {
  return (
    error instanceof NetworkError || (error instanceof Error && error.name === 'NetworkError' && 'request' in error)
  );
}

/** The origin of the page when running in a browser (a window or a worker), else `undefined`. */
function browserPageOrigin(): string | undefined {
  const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown; location?: { origin?: unknown } };
  if (scope.document === undefined && scope.WorkerGlobalScope === undefined) return undefined;
  const origin = scope.location?.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined;
}

/** The code of the system error under what fetch threw (`ECONNREFUSED`), if any. */
function fetchFailureCode(cause: unknown): string | undefined {
  const inner = cause instanceof Error ? cause.cause : undefined;
  return inner && typeof inner === 'object' && 'code' in inner ? String(inner.code) : undefined;
}

/** `fetch failed: ECONNREFUSED`: the useful part of what fetch threw. */
export function describeFetchFailure(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = fetchFailureCode(cause);
  return code ? `${cause.message}: ${code}` : cause.message;
}
