import type { Endpoint } from '@teamchat/schema';
import { createFaultMatcher, type FaultMatcher } from '../internal/fault-matcher.js';
import { faultResponse } from '../internal/fault-response.js';
import { parseHttpFault, type HttpFault } from './parse-http-fault.js';

/** The faults of the HTTP mock, applied to matching requests in order. */
export class FaultQueue {
  private faults: (HttpFault & { left: number })[] = [];
  private readonly matcher: FaultMatcher;

  /** `endpoints`: the contracts the mock serves (a fault's `endpoint` must be one of them). */
  constructor(endpoints: Iterable<Endpoint>) {
    this.matcher = createFaultMatcher(endpoints);
  }

  /**
   * Adds a fault received as JSON, after checking it.
   *
   * @throws {TypeError | RangeError} for an unknown kind, field or endpoint, or a bad number.
   */
  add(definition: unknown): HttpFault {
    const fault = parseHttpFault(definition, this.matcher);
    this.faults.push({ ...fault, left: fault.times ?? Infinity });
    return fault;
  }

  clear(): void {
    this.faults = [];
  }

  /** The faults still active, in the order they apply, with the requests each has `left` (null: no limit). */
  list(): (HttpFault & { left: number | null })[] {
    return this.faults
      .filter((fault) => fault.left > 0)
      .map((fault) => ({ ...fault, left: Number.isFinite(fault.left) ? fault.left : null }));
  }

  /** Answers `request` through the first matching fault, else through `next`. */
  async apply(request: Request, next: () => Promise<Response>): Promise<Response> {
    const fault = this.faults.find((f) => f.left > 0 && this.matcher.matches(request, f.endpoint));
    if (!fault) return next();
    fault.left -= 1;
    switch (fault.kind) {
      case 'latency':
        await new Promise((resolve) => setTimeout(resolve, fault.ms ?? 1000));
        return next();
      case 'network_error':
      case 'server_error':
      case 'rate_limit':
        return faultResponse(fault.kind, { status: fault.status, retryAfter: fault.retry_after });
      default: {
        const unknown: never = fault.kind;
        throw new TypeError(`[teamchat-mock] unknown fault kind '${String(unknown)}'`);
      }
    }
  }
}
