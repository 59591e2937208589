import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { API_PREFIX, endpoints, type EndpointName } from '@teamchat/schema';
import { mswPath } from './handlers/create-handlers.js';

/** Which requests a fault applies to. */
export interface FaultTarget {
  /** Only this endpoint (default: every API request). */
  endpoint?: EndpointName;
  /** Apply to this many requests, then step aside (default: all). */
  times?: number;
}

function target(baseUrl: string, options: FaultTarget) {
  if (!options.endpoint) return { method: 'all' as const, path: `${baseUrl}${API_PREFIX}/*` };
  const endpoint = endpoints[options.endpoint];
  return { method: endpoint.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete', path: mswPath(baseUrl, endpoint) };
}

function counted(times: number | undefined): () => boolean {
  let left = times ?? Infinity;
  return () => {
    if (left <= 0) return false;
    left -= 1;
    return true;
  };
}

/**
 * Fault injection as MSW handlers, for `server.use(...)` in a test (cleared by
 * `server.resetHandlers()`). A fault that has used up its `times` falls through to the mock.
 */
export function createFaults(baseUrl: string) {
  const on = (options: FaultTarget, respond: () => Promise<Response | undefined> | Response | undefined): HttpHandler => {
    const { method, path } = target(baseUrl, options);
    const active = counted(options.times);
    return http[method](path, () => (active() ? respond() : undefined));
  };
  return {
    /** Delays matching requests by `ms`, then lets the mock answer. */
    latency: (ms: number, options: FaultTarget = {}) =>
      on(options, async () => {
        await delay(ms);
        return undefined;
      }),
    /** Fails matching requests at the network level (fetch rejects). */
    networkError: (options: FaultTarget = {}) => on(options, () => HttpResponse.error()),
    /** Answers a 5xx envelope. */
    serverError: (options: FaultTarget & { status?: number } = {}) =>
      on(options, () => HttpResponse.json({ result: 'error', msg: 'Internal server error' }, { status: options.status ?? 500 })),
    /** Answers `RATE_LIMIT_HIT` (429) with `retry-after` in the body and the header. */
    rateLimit: (options: FaultTarget & { retryAfter?: number } = {}) => {
      const retryAfter = options.retryAfter ?? 1;
      return on(options, () =>
        HttpResponse.json(
          { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': retryAfter },
          { status: 429, headers: { 'retry-after': String(retryAfter) } },
        ),
      );
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
