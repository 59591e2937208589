import type { HttpMethod } from '../codec/wire-endpoint.js';
import type { Endpoint } from '../define-endpoint.js';
import { unwrapSchema } from '../codec/wire-kind.js';

/** A literal segment, or a parameter: an integer, a string, or (`rest`) the rest of the path. */
type Segment = { literal: string } | { param: string; integer: boolean; rest: boolean };

interface Route<TEndpoint extends Endpoint> {
  endpoint: TEndpoint;
  segments: Segment[];
}

/**
 * The result of matching a request path: the contract with its path parameters (URL-decoded
 * wire text, not yet typed: decode them with `decodeParams`), the methods the path takes
 * under other contracts, or nothing.
 */
export type RouteMatch<TEndpoint extends Endpoint = Endpoint> =
  | { kind: 'found'; endpoint: TEndpoint; pathParams: Record<string, string> }
  | {
      kind: 'method-not-allowed';
      /** The methods the path takes, sorted (the `Allow` header). */
      allowed: HttpMethod[];
      /** The contracts the path matches under those methods, in route order. */
      endpoints: TEndpoint[];
    }
  | { kind: 'not-found' };

function isIntegerParam(endpoint: Endpoint, name: string): boolean {
  const schema = endpoint.params.shape[name];
  return schema !== undefined && unwrapSchema(schema)._zod.def.type === 'number';
}

function segmentsOf(endpoint: Endpoint): Segment[] {
  const parts = endpoint.path.split('/').slice(1);
  return parts.map((part, i) => {
    const param = /^\{([a-z_]+)\}$/.exec(part)?.[1];
    if (!param) return { literal: part };
    return {
      param,
      integer: isIntegerParam(endpoint, param),
      rest: i === parts.length - 1 && endpoint.restOfPath === param,
    };
  });
}

/** Whether `segments` ends with a parameter that takes the rest of the path (the contract's `restOfPath`). */
function endsWithRest(segments: readonly Segment[]): boolean {
  const last = segments[segments.length - 1];
  return last !== undefined && 'param' in last && last.rest;
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  // The rest of the path, slashes included, is the last parameter's text (decoded below).
  if (endsWithRest(segments) && parts.length > segments.length) {
    parts = [...parts.slice(0, segments.length - 1), parts.slice(segments.length - 1).join('/')];
  }
  if (segments.length !== parts.length) return null;
  // Literals first: most routes are ruled out before anything is decoded or allocated.
  for (let i = 0; i < parts.length; i += 1) {
    const segment = segments[i] as Segment;
    if ('literal' in segment && segment.literal !== parts[i]) return null;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i += 1) {
    const segment = segments[i] as Segment;
    if ('literal' in segment) continue;
    let value: string;
    try {
      value = decodeURIComponent(parts[i] as string);
    } catch {
      return null;
    }
    if (value === '' || (segment.integer && !/^\d+$/.test(value))) return null;
    params[segment.param] = value;
  }
  return params;
}

/** How specific a segment is: a literal, then an integer parameter, then a string, then the rest of the path. */
function specificity(segment: Segment): number {
  if ('literal' in segment) return 0;
  if (segment.integer) return 1;
  return segment.rest ? 3 : 2;
}

/**
 * The route order, whatever order the contracts come in: segment by segment, the more
 * specific segment first (`/users/me` before `/users/{user_id}` before `/users/{email}`),
 * then by path and method, so that the order is total and a table's order never matters.
 */
function compareRoutes(a: Route<Endpoint>, b: Route<Endpoint>): number {
  const shared = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < shared; i += 1) {
    const difference = specificity(a.segments[i] as Segment) - specificity(b.segments[i] as Segment);
    if (difference !== 0) return difference;
  }
  return (
    a.segments.length - b.segments.length ||
    compareText(a.endpoint.path, b.endpoint.path) ||
    compareText(a.endpoint.method, b.endpoint.method)
  );
}

/** Code-unit order: the same on every machine and locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a route of `segments` can match a path of `count` segments starting with `first` (null: a segment no route has as a literal). */
function mayMatch(segments: readonly Segment[], count: number, first: string | null): boolean {
  if (segments.length !== count && !(endsWithRest(segments) && count > segments.length)) return false;
  const head = segments[0];
  return head === undefined || !('literal' in head) || head.literal === first;
}

/**
 * The routes of a set of contracts: the one route lookup of the server, the mock's faults and
 * the CLI's `call "GET /users/5"`. The table ranks the routes itself, so the order of the
 * contracts never matters: segment by segment, a literal wins over a parameter (`/users/me`
 * before `/users/{user_id}`) and an integer parameter over a string one; integer path
 * parameters match digits only, so `/users/12` and `/users/iago@example.com` reach different
 * contracts. Two contracts of the same method whose paths differ only in parameter names
 * cannot be told apart: the table refuses them.
 *
 * @example
 * const routes = createRouteTable(incomingEndpoints);
 * routes.match('GET', '/users/12'); // { kind: 'found', endpoint: users.get, pathParams: { user_id: '12' } }
 * routes.match('GET', '/users/me'); // { kind: 'found', endpoint: users.me, pathParams: {} }
 */
export class RouteTable<TEndpoint extends Endpoint = Endpoint> {
  private readonly routes: Route<TEndpoint>[];
  /** The first segments some route has as a literal. */
  private readonly firstLiterals: Set<string>;
  /**
   * The routes that may match a path, in route order, by its segment count and first segment
   * (null for one no route has as a literal): a bounded set of keys, made on first use.
   */
  private readonly candidates = new Map<string, Route<TEndpoint>[]>();

  constructor(endpoints: Iterable<TEndpoint>) {
    this.routes = [...endpoints].map((endpoint) => ({ endpoint, segments: segmentsOf(endpoint) })).sort(compareRoutes);
    refuseAmbiguous(this.routes);
    this.firstLiterals = new Set(
      this.routes.flatMap(({ segments: [head] }) => (head && 'literal' in head ? [head.literal] : [])),
    );
  }

  private candidatesFor(parts: readonly string[]): Route<TEndpoint>[] {
    const first = this.firstLiterals.has(parts[0] as string) ? (parts[0] as string) : null;
    // Paths longer than every route share one key per first segment.
    const count = Math.min(parts.length, 64);
    const key = `${count} ${first ?? ''}`;
    let routes = this.candidates.get(key);
    if (routes === undefined) {
      routes = this.routes.filter((route) => mayMatch(route.segments, count, first));
      this.candidates.set(key, routes);
    }
    return routes;
  }

  /**
   * Finds the contract of `method` and `path` (below the API prefix, starting with `/`,
   * without a query string). Path parameters are URL-decoded; a segment that is not valid
   * URL encoding matches nothing.
   */
  match(method: string, path: string): RouteMatch<TEndpoint> {
    const parts = path.split('/').slice(1);
    const others: TEndpoint[] = [];
    for (const route of this.candidatesFor(parts)) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.endpoint.method === method) return { kind: 'found', endpoint: route.endpoint, pathParams: params };
      others.push(route.endpoint);
    }
    if (others.length === 0) return { kind: 'not-found' };
    const allowed = [...new Set(others.map((endpoint) => endpoint.method))].sort();
    return { kind: 'method-not-allowed', allowed, endpoints: others };
  }
}

/** The shape of a route: its segments with parameters as their kind only (`/users/{int}`). */
function shapeOf(route: Route<Endpoint>): string {
  return route.segments
    .map((segment) => ('literal' in segment ? segment.literal : `{${specificity(segment)}}`))
    .join('/');
}

/** Throws on two routes of one method that differ only in parameter names: no order could tell them apart. */
function refuseAmbiguous(routes: readonly Route<Endpoint>[]): void {
  const seen = new Map<string, Endpoint>();
  for (const route of routes) {
    const key = `${route.endpoint.method} ${shapeOf(route)}`;
    const other = seen.get(key);
    if (other && other !== route.endpoint) {
      throw new Error(
        `[teamchat-schema] ${other.name} and ${route.endpoint.name} take the same requests (${route.endpoint.method} ${other.path} and ${route.endpoint.path})`,
      );
    }
    seen.set(key, route.endpoint);
  }
}

/** Builds the {@link RouteTable} of `endpoints` (usually `incomingEndpoints`). */
export function createRouteTable<TEndpoint extends Endpoint>(endpoints: Iterable<TEndpoint>): RouteTable<TEndpoint> {
  return new RouteTable(endpoints);
}
