/**
 * An injected `fetch` for unit tests: no network, no ports. Each request is recorded and
 * answered by a handler that plays the server.
 */

/** A request as the fake server saw it. */
export interface RecordedRequest {
  readonly url: URL;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
  /** Query string (GET) or form body (other methods), decoded. */
  readonly params: URLSearchParams;
  /** Path below `/api/v1`. */
  readonly path: string;
}

/** How the fake server answers. */
export type Reply =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; text: string; headers?: Record<string, string> }
  /** `fetch` rejects with this error (a network failure). */
  | { networkError: Error }
  /** `fetch` never settles until the request's signal aborts. */
  | { hang: true };

export type Handler = (request: RecordedRequest, index: number) => Reply | Promise<Reply>;

/** A success envelope with `fields`. */
export function success(fields: Record<string, unknown> = {}, status = 200): Reply {
  return { status, json: { result: 'success', msg: '', ...fields } };
}

/** An error envelope. */
export function failure(status: number, code: string, msg: string, extra: Record<string, unknown> = {}): Reply {
  return { status, json: { result: 'error', msg, code, ...extra } };
}

/** What the real server answers to an expired event queue. */
export function badQueue(queueId: string): Reply {
  return failure(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, { queue_id: queueId });
}

/** Creates the fake and the list of requests it received. */
export function fakeFetch(handler: Handler): { fetch: typeof globalThis.fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init.body === 'string' ? init.body : undefined;
    const method = init.method ?? 'GET';
    const recorded: RecordedRequest = {
      url,
      method,
      headers: new Headers(init.headers),
      body,
      params: method === 'GET' ? url.searchParams : new URLSearchParams(body ?? ''),
      path: url.pathname.replace(/^.*?\/api\/v1/, ''),
    };
    requests.push(recorded);
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const reply = await handler(recorded, requests.length - 1);
    if ('networkError' in reply) throw reply.networkError;
    if ('hang' in reply) {
      return new Promise<Response>((_resolve, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    const text = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
    return new Response(text, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'json' in reply ? 'application/json' : 'text/html', ...reply.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** A `sleep` that records delays and returns at once (still honouring aborts). */
export function instantSleep(): { sleep: (ms: number, signal?: AbortSignal) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      delays.push(ms);
      await Promise.resolve();
      signal?.throwIfAborted();
    },
  };
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** A distinctive API key, to search for in everything the SDK exposes. */
export const SECRET_KEY = 'SeCrEtKeY0123456789abcdefghijklm';
export const EMAIL = 'bot@example.com';
