import { API_PREFIX, endpoints, type EndpointName } from '@teamchat/schema';

/** A fault injected over HTTP. */
export interface HttpFault {
  kind: 'latency' | 'network_error' | 'server_error' | 'rate_limit';
  endpoint?: EndpointName;
  /** How many requests it applies to (default: until reset). */
  times?: number;
  ms?: number;
  status?: number;
  retry_after?: number;
}

function matches(fault: HttpFault, request: Request): boolean {
  const path = new URL(request.url).pathname;
  if (!path.startsWith(`${API_PREFIX}/`)) return false;
  if (!fault.endpoint) return true;
  const endpoint = endpoints[fault.endpoint];
  if (endpoint.method !== request.method) return false;
  const pattern = new RegExp(`^${API_PREFIX}${endpoint.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`);
  return pattern.test(path);
}

/** The faults of the HTTP mock, applied to matching requests in order. */
export class FaultQueue {
  private faults: (HttpFault & { left: number })[] = [];

  add(fault: HttpFault): void {
    if (fault.endpoint !== undefined && !(fault.endpoint in endpoints)) {
      throw new Error(`[teamchat-mock] Unknown endpoint '${fault.endpoint}' in a fault; use a contract name such as 'users.list'.`);
    }
    this.faults.push({ ...fault, left: fault.times ?? Infinity });
  }

  clear(): void {
    this.faults = [];
  }

  /** Answers `request` through the first matching fault, else through `next`. */
  async apply(request: Request, next: () => Promise<Response>): Promise<Response> {
    const fault = this.faults.find((f) => f.left > 0 && matches(f, request));
    if (!fault) return next();
    fault.left -= 1;
    switch (fault.kind) {
      case 'latency':
        await new Promise((resolve) => setTimeout(resolve, fault.ms ?? 1000));
        return next();
      case 'network_error':
        // The connection is dropped without an answer.
        return Response.error();
      case 'server_error':
        return Response.json({ result: 'error', msg: 'Internal server error' }, { status: fault.status ?? 500 });
      case 'rate_limit': {
        const retryAfter = fault.retry_after ?? 1;
        return Response.json(
          { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': retryAfter },
          { status: 429, headers: { 'retry-after': String(retryAfter) } },
        );
      }
    }
  }
}
