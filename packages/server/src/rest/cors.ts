/** A `(Request) => Response` handler, as the REST handler is. */
type Handler = (request: Request) => Promise<Response>;

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
 * Lets pages of `origins` call `handle` from a browser (CORS). The real server sends no CORS
 * headers, so this is opt-in (`--cors-origin`) for client developers. A preflight
 * (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) from a listed origin is
 * answered `204` with `Access-Control-Allow-Origin: <origin>`, the methods
 * (`GET, HEAD, POST, PATCH, DELETE`), the headers (`Authorization, Content-Type,
 * User-Agent`) and `Access-Control-Max-Age: 600`; every other answer to a listed origin
 * carries `Access-Control-Allow-Origin: <origin>` and exposes `Retry-After`. No credentials
 * mode: the SDK sends its key in `Authorization`, never cookies. Requests from other origins,
 * or without `Origin`, are answered as without this option.
 */
export function withCors(origins: readonly string[], handle: Handler): Handler {
  const allowed = new Set(origins.map(corsOriginOf));
  return async (request) => {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed.has(origin)) return varyByOrigin(await handle(request));
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': ALLOW_METHODS,
          'access-control-allow-headers': ALLOW_HEADERS,
          'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      });
    }
    const response = varyByOrigin(await handle(request));
    response.headers.set('access-control-allow-origin', origin);
    response.headers.set('access-control-expose-headers', EXPOSE_HEADERS);
    return response;
  };
}

/** The answer depends on `Origin`: say so to caches (on a copy whose headers can change). */
function varyByOrigin(response: Response): Response {
  const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
  copy.headers.append('vary', 'Origin');
  return copy;
}
