import { delay, http, type HttpHandler } from 'msw';
import { API_PREFIX, type Endpoint, type EndpointName } from '@teamchat/schema';
import { createFaultMatcher } from './internal/fault-matcher.js';
import { checkNonNegative, checkServerErrorStatus } from './internal/fault-options.js';
import { faultResponse } from './internal/fault-response.js';

/** Which requests a fault applies to. */
export interface FaultTarget {
  /** Only requests the server routes to this endpoint (default: every API request). */
  endpoint?: EndpointName;
  /** Apply to this many requests, then step aside (default: all). */
  times?: number;
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
 * `server.resetHandlers()`). A fault applies to the requests the server's route table sends to
 * its endpoint, and falls through to the mock once it has used up its `times`.
 *
 * @throws {TypeError | RangeError} for an unknown endpoint or a negative `times`, `ms` or `retryAfter`.
 */
export function createFaults(baseUrl: string, endpoints: Iterable<Endpoint>) {
  const matcher = createFaultMatcher(endpoints);
  const on = (
    options: FaultTarget,
    respond: () => Promise<Response | undefined> | Response | undefined,
  ): HttpHandler => {
    if (options.endpoint !== undefined) matcher.checkEndpoint(options.endpoint);
    checkNonNegative('times', options.times);
    const active = counted(options.times);
    // One catch-all per fault; the route table, not MSW's path syntax, decides what it hits.
    return http.all(`${baseUrl}${API_PREFIX}/*`, ({ request }) =>
      matcher.matches(request, options.endpoint) && active() ? respond() : undefined,
    );
  };
  return {
    /** Delays matching requests by `ms`, then lets the mock answer. */
    latency: (ms: number, options: FaultTarget = {}) => {
      checkNonNegative('ms', ms);
      return on(options, async () => {
        await delay(ms);
        return undefined;
      });
    },
    /** Fails matching requests at the network level (fetch rejects). */
    networkError: (options: FaultTarget = {}) => on(options, () => faultResponse('network_error')),
    /** Answers the server's 500 envelope (no code), or another 5xx `status`. */
    serverError: (options: FaultTarget & { status?: number } = {}) => {
      checkServerErrorStatus('status', options.status);
      return on(options, () => faultResponse('server_error', { status: options.status }));
    },
    /** Answers `RATE_LIMIT_HIT` (429) with `retry-after` in the body and the header. */
    rateLimit: (options: FaultTarget & { retryAfter?: number } = {}) => {
      checkNonNegative('retryAfter', options.retryAfter);
      return on(options, () => faultResponse('rate_limit', { retryAfter: options.retryAfter }));
    },
  };
}

/** The fault injection handlers of a mock (`mock.faults`). */
export type Faults = ReturnType<typeof createFaults>;
