/**
 * An injected `fetch` for in-process CLI tests: no network, no ports. Each request is
 * recorded and answered by a handler that plays the server.
 */

/** A request as the fake server saw it. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  /** Path below `/api/v1`. */
  readonly path: string;
  readonly headers: Headers;
  /** Query string (GET) or form body (other methods), decoded; the text fields of a multipart body. */
  readonly params: URLSearchParams;
  /** The files of a multipart body. */
  readonly files: File[];
}

/** How the fake server answers. */
export type Reply =
  | { status?: number; json: unknown }
  | { status?: number; text: string }
  /** `fetch` rejects with this error (no connection). */
  | { networkError: Error }
  /** `fetch` never settles until the request's signal aborts. */
  | { hang: true };

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/** A success envelope with `fields`. */
export function success(fields: Record<string, unknown> = {}): Reply {
  return { json: { result: 'success', msg: '', ...fields } };
}

/** An error envelope. */
export function failure(status: number, code: string, msg: string, extra: Record<string, unknown> = {}): Reply {
  return { status, json: { result: 'error', msg, code, ...extra } };
}

/** Routes `"METHOD /path"` to replies; anything else answers 404 like the real server. */
export function routes(table: Record<string, Reply | Handler>): Handler {
  return (request) => {
    const entry = table[`${request.method} ${request.path}`];
    if (entry === undefined)
      return failure(404, 'BAD_REQUEST', `Unknown API endpoint: ${request.method} /api/v1${request.path}`);
    return typeof entry === 'function' ? entry(request) : entry;
  };
}

/** Creates the fake `fetch` and the list of requests it received. */
export function fakeFetch(handler: Handler): { fetch: typeof globalThis.fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init.method ?? 'GET';
    const form = init.body instanceof FormData ? init.body : null;
    const fields = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    const files: File[] = [];
    for (const [name, value] of form ?? []) {
      if (typeof value === 'string') fields.append(name, value);
      else files.push(value);
    }
    const recorded: RecordedRequest = {
      method,
      url,
      path: url.pathname.replace(/^.*?\/api\/v1/, ''),
      headers: new Headers(init.headers),
      params: method === 'GET' ? url.searchParams : fields,
      files,
    };
    requests.push(recorded);
    const signal = init.signal ?? undefined;
    const reply = await handler(recorded);
    if ('networkError' in reply) throw reply.networkError;
    if ('hang' in reply) {
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    const text = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
    const type = 'json' in reply ? 'application/json' : 'text/html';
    return new Response(text, { status: reply.status ?? 200, headers: { 'Content-Type': type } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
