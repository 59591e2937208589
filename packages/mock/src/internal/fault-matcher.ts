import { API_PREFIX, createRouteTable, type Endpoint } from '@teamchat/schema';

/** Decides which requests a fault hits, with the server's own route lookup. */
export interface FaultMatcher {
  /** Throws unless `endpoint` names a contract the mock serves. */
  checkEndpoint(endpoint: unknown): void;
  /**
   * Whether `request` is an API request and, when `endpoint` is given, one the server routes
   * to that contract (so a `users.get` fault never hits `/users/me` or `/users/x@y`).
   */
  matches(request: Request, endpoint: string | undefined): boolean;
}

/** The {@link FaultMatcher} over the contracts the mock serves. */
export function createFaultMatcher(endpoints: Iterable<Endpoint>): FaultMatcher {
  const served = [...endpoints];
  const routes = createRouteTable(served);
  const names = new Set(served.map((endpoint) => endpoint.name));
  return {
    checkEndpoint(endpoint) {
      if (typeof endpoint !== 'string' || !names.has(endpoint)) {
        throw new TypeError(
          `[teamchat-mock] Unknown endpoint ${JSON.stringify(endpoint) ?? String(endpoint)} in a fault; use a contract name such as 'users.list'.`,
        );
      }
    },
    matches(request, endpoint) {
      const path = new URL(request.url).pathname;
      if (!path.startsWith(`${API_PREFIX}/`)) return false;
      if (endpoint === undefined) return true;
      const match = routes.match(request.method === 'HEAD' ? 'GET' : request.method, path.slice(API_PREFIX.length));
      return match.kind === 'found' && match.endpoint.name === endpoint;
    },
  };
}
