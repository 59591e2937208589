import { ApiError } from '@teamchat/schema';
import { errorResponse, internalErrorResponse } from '@teamchat/server';

/** The kinds of faults the mock injects, in the spelling of the HTTP control route. */
export const FAULT_KINDS = ['latency', 'network_error', 'server_error', 'rate_limit'] as const;

/** A kind of fault. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The kinds of faults that answer instead of the mock (a latency fault only delays it). */
export type AnsweringFaultKind = Exclude<FaultKind, 'latency'>;

/** Options of {@link faultResponse}. */
export interface FaultResponseOptions {
  /** Status of a `server_error` (default 500). */
  status?: number | undefined;
  /** Seconds of a `rate_limit`'s `retry-after` (default 1). */
  retryAfter?: number | undefined;
}

/**
 * The answer of a fault, built with the server's own envelope functions so that it is the
 * answer the server gives: `network_error` is `Response.error()` (fetch rejects; over HTTP the
 * connection is dropped), `server_error` the server's 500 envelope (no code, like the real
 * server's answer to a crash) with another 5xx status if asked, `rate_limit` the
 * `RATE_LIMIT_HIT` envelope with its status from `ERROR_CODES` and `retry-after` in the body
 * and the header.
 */
export function faultResponse(kind: AnsweringFaultKind, options: FaultResponseOptions = {}): Response {
  switch (kind) {
    case 'network_error':
      return Response.error();
    case 'server_error': {
      const crash = internalErrorResponse();
      if (options.status === undefined || options.status === crash.status) return crash;
      return new Response(crash.body, { status: options.status, headers: crash.headers });
    }
    case 'rate_limit':
      return errorResponse(
        new ApiError('RATE_LIMIT_HIT', 'API usage exceeded rate limit', {
          extra: { 'retry-after': options.retryAfter ?? 1 },
        }),
      );
    default: {
      const unknown: never = kind;
      throw new TypeError(`[teamchat-mock] unknown fault kind '${String(unknown)}'`);
    }
  }
}
