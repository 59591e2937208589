import { checkNonNegative, checkServerErrorStatus } from '../internal/fault-options.js';
import type { FaultMatcher } from '../internal/fault-matcher.js';
import { FAULT_KINDS, type FaultKind } from '../internal/fault-response.js';

/** A fault injected over HTTP (`POST /__mock/faults` with this JSON body). */
export interface HttpFault {
  kind: FaultKind;
  /** Only requests the server routes to this contract (default: every API request). */
  endpoint?: string;
  /** How many requests it applies to (default: until reset). */
  times?: number;
  /** Delay of a `latency` fault, in milliseconds (default 1000). */
  ms?: number;
  /** Status of a `server_error` fault (default 500). */
  status?: number;
  /** `retry-after` of a `rate_limit` fault, in seconds (default 1). */
  retry_after?: number;
}

const FIELDS: readonly string[] = ['kind', 'endpoint', 'times', 'ms', 'status', 'retry_after'];

function isFaultKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && (FAULT_KINDS as readonly string[]).includes(value);
}

/**
 * Checks a fault definition received over HTTP, so that a typo is answered with a 400 that
 * names it instead of a fault that breaks every later request.
 *
 * @throws {TypeError | RangeError} naming the offending field or value and the accepted ones.
 */
export function parseHttpFault(value: unknown, matcher: FaultMatcher): HttpFault {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(
      '[teamchat-mock] a fault is a JSON object such as {"kind":"rate_limit","endpoint":"users.me","times":1}',
    );
  }
  const fields = value as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!FIELDS.includes(name))
      throw new TypeError(`[teamchat-mock] unknown fault field '${name}'; use ${FIELDS.join(', ')}`);
  }
  const { kind, endpoint, times, ms, status, retry_after: retryAfter } = fields;
  if (kind === undefined) throw new TypeError(`[teamchat-mock] a fault needs a kind; use ${FAULT_KINDS.join('|')}`);
  if (!isFaultKind(kind)) {
    const shown = typeof kind === 'string' ? `'${kind}'` : JSON.stringify(kind);
    throw new TypeError(`[teamchat-mock] unknown fault kind ${shown}; use ${FAULT_KINDS.join('|')}`);
  }
  if (endpoint !== undefined) matcher.checkEndpoint(endpoint);
  checkNonNegative('times', times);
  checkNonNegative('ms', ms);
  checkNonNegative('retry_after', retryAfter);
  checkServerErrorStatus('status', status);
  return {
    kind,
    ...(endpoint === undefined ? {} : { endpoint: endpoint as string }),
    ...(times === undefined ? {} : { times }),
    ...(ms === undefined ? {} : { ms }),
    ...(status === undefined ? {} : { status }),
    ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
  };
}
