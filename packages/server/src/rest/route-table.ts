import { unwrapSchema, type Endpoint } from '@teamchat/schema';

type Segment = { literal: string } | { param: string; integer: boolean };

interface Route {
  endpoint: Endpoint;
  segments: Segment[];
  literals: number;
}

/** The result of matching a request path. */
export type RouteMatch =
  | { kind: 'found'; endpoint: Endpoint; pathParams: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

function isIntegerParam(endpoint: Endpoint, name: string): boolean {
  const schema = endpoint.params.shape[name];
  return schema !== undefined && unwrapSchema(schema)._zod.def.type === 'number';
}

function segmentsOf(endpoint: Endpoint): Segment[] {
  return endpoint.path
    .split('/')
    .slice(1)
    .map((part) => {
      const param = /^\{([a-z_]+)\}$/.exec(part)?.[1];
      return param ? { param, integer: isIntegerParam(endpoint, param) } : { literal: part };
    });
}

function matchSegments(route: Route, parts: readonly string[]): Record<string, string> | null {
  if (route.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i += 1) {
    const segment = route.segments[i] as Segment;
    const part = parts[i] as string;
    if ('literal' in segment) {
      if (segment.literal !== part) return null;
      continue;
    }
    let value: string;
    try {
      value = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (value === '' || (segment.integer && !/^\d+$/.test(value))) return null;
    params[segment.param] = value;
  }
  return params;
}

/**
 * The routes of a set of contracts. Paths with more literal segments win
 * (`/users/me` before `/users/{user_id}`), and integer path parameters match digits only, so
 * `/users/12` and `/users/iago@example.com` reach different contracts.
 */
export class RouteTable {
  private readonly routes: Route[];

  constructor(endpoints: Iterable<Endpoint>) {
    this.routes = [...endpoints]
      .map((endpoint) => {
        const segments = segmentsOf(endpoint);
        return { endpoint, segments, literals: segments.filter((s) => 'literal' in s).length };
      })
      // Literal segments first, then integer parameters before string ones.
      .sort((a, b) => b.literals - a.literals || integerCount(b) - integerCount(a));
  }

  /** Finds the contract of `method` and `path` (below the API prefix, starting with `/`). */
  match(method: string, path: string): RouteMatch {
    const parts = path.split('/').slice(1);
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const params = matchSegments(route, parts);
      if (!params) continue;
      if (route.endpoint.method === method) return { kind: 'found', endpoint: route.endpoint, pathParams: params };
      allowed.add(route.endpoint.method);
    }
    return allowed.size > 0 ? { kind: 'method-not-allowed', allowed: [...allowed].sort() } : { kind: 'not-found' };
  }
}

function integerCount(route: Route): number {
  return route.segments.filter((s) => 'param' in s && s.integer).length;
}
