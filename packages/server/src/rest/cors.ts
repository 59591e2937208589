import type { RestReply, RestRequest } from './rest-request.js';

/** The REST handler's `serve`. */
type Serve = (request: RestRequest) => Promise<RestReply>;

const ALLOW_METHODS = 'GET, HEAD, POST, PATCH, DELETE';
/** What the SDK and other clients send: HTTP Basic credentials, form bodies, their name. */
const ALLOW_HEADERS = 'Authorization, Content-Type, User-Agent';
/** Readable by the page: the SDK reads `Retry-After` of a 429. */
const EXPOSE_HEADERS = 'Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * `value` as the origin a browser sends in `Origin` (`http://localhost:5173`: scheme, host
 * and port; a trailing slash is tolerated).
 *
 * @throws {TypeError} when `value` is not such an origin.
 */
export function corsOriginOf(value: string): string {
  const trimmed = value.trim().replace(/\/$/, '');
  let origin: string | undefined;
  try {
    origin = new URL(trimmed).origin;
  } catch {
    origin = undefined;
  }
  if (origin === undefined || origin === 'null' || origin !== trimmed) {
    throw new TypeError(`not an origin such as http://localhost:5173 (scheme, host and port, no path): '${value}'`);
  }
  return origin;
}

/**
 * Lets pages of `origins` call `serve` from a browser (CORS). The real server sends no CORS
 * headers, so this is opt-in (`--cors-origin`) for client developers. A preflight
 * (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) from a listed origin is
 * answered `204` with `Access-Control-Allow-Origin: <origin>`, the methods
 * (`GET, HEAD, POST, PATCH, DELETE`), the headers (`Authorization, Content-Type,
 * User-Agent`) and `Access-Control-Max-Age: 600`; every other answer to a listed origin
 * carries `Access-Control-Allow-Origin: <origin>` and exposes `Retry-After`. No credentials
 * mode: the SDK sends its key in `Authorization`, never cookies. Requests from other origins,
 * or without `Origin`, are answered as without this option.
 */
export function withCors(origins: readonly string[], serve: Serve): Serve {
  const allowed = new Set(origins.map(corsOriginOf));
  return async (request) => {
    const origin = request.header('origin');
    if (origin === null || !allowed.has(origin)) return varyByOrigin(await serve(request));
    if (request.method === 'OPTIONS' && request.header('access-control-request-method') !== null) {
      return {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': ALLOW_METHODS,
          'access-control-allow-headers': ALLOW_HEADERS,
          'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
        body: null,
      };
    }
    const reply = varyByOrigin(await serve(request));
    reply.headers['access-control-allow-origin'] = origin;
    reply.headers['access-control-expose-headers'] = EXPOSE_HEADERS;
    return reply;
  };
}

/** The answer depends on `Origin`: say so to caches. */
function varyByOrigin(reply: RestReply): RestReply {
  const vary = reply.headers['vary'];
  reply.headers['vary'] = vary ? `${vary}, Origin` : 'Origin';
  return reply;
}
