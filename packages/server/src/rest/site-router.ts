import type { RequestInfo } from '../core/index.js';
import type { RestReply, RestRequest } from './rest-request.js';
import { comparePatterns, compilePattern, pathSegments, type RoutePattern } from './route-pattern.js';

/** A method of a route beside the contract table; `ALL` answers every method. */
export type SiteMethod = 'GET' | 'HEAD' | 'POST' | 'ALL';

/**
 * A route the handler mounts beside the contract table, as a method and a path pattern with
 * `*` for "anything below" and `:name` for one segment (MSW's syntax, so the mock mounts
 * exactly these).
 */
export interface SiteRoute {
  readonly method: SiteMethod;
  readonly path: string;
}

/** What the core knows of a request, and what the journal keeps of it once routed. */
export interface RouteInfo extends RequestInfo {
  /** The parameters the route decoded (the journal redacts them). */
  journalParams?: unknown;
  /** The contract the request ran (`messages.send`). */
  endpointName?: string | undefined;
}

/** What a route's answer gets: the request, what the core knows of it, the pattern's segments. */
export interface RouteRequest {
  readonly request: RestRequest;
  readonly info: RouteInfo;
  /** The segments the pattern names, still percent-encoded; `*` holds the rest below. */
  readonly params: Readonly<Record<string, string>>;
}

/** One row of the page route table. */
export interface PageRoute {
  readonly methods: readonly SiteMethod[];
  /** The path, in {@link RoutePattern}'s syntax. */
  readonly pattern: string;
  /** The core page (its contract's name) the route runs, or null when the REST layer answers alone. */
  readonly page: string | null;
  /**
   * How it answers: the reply, or null when the request is not this route's after all (a key
   * that is not one, a page switched off): the next matching route answers, or the 404.
   */
  readonly answer: (route: RouteRequest) => RestReply | null | Promise<RestReply | null>;
}

/** The page routes, ready to dispatch; and the same routes as the mock mounts them. */
export interface SiteRouter {
  /** The answer of the first matching route (most specific pattern first), or null: none. */
  dispatch(request: RestRequest, info: RouteInfo): Promise<RestReply | null>;
  readonly siteRoutes: readonly SiteRoute[];
}

interface Compiled {
  route: PageRoute;
  pattern: RoutePattern;
  all: boolean;
}

/**
 * The router of a page route table. Patterns are tried most specific first (literal segments
 * before `:name`, `:name` before `*`), whatever their order in the table; rows are indexed by
 * their first segment, so a request tries only the few that can match.
 *
 * @throws {TypeError} for a pattern outside the syntax of {@link compilePattern}.
 */
export function createSiteRouter(routes: readonly PageRoute[]): SiteRouter {
  const compiled: Compiled[] = routes
    .map((route) => ({ route, pattern: compilePattern(route.pattern), all: route.methods.includes('ALL') }))
    .sort((a, b) => comparePatterns(a.pattern, b.pattern));
  const byHead = new Map<string, Compiled[]>();
  const anyHead: Compiled[] = [];
  for (const entry of compiled) {
    if (entry.pattern.head === null) anyHead.push(entry);
    else byHead.set(entry.pattern.head, [...(byHead.get(entry.pattern.head) ?? []), entry]);
  }
  const siteRoutes = routes.flatMap((route) => route.methods.map((method) => ({ method, path: route.pattern })));
  return {
    siteRoutes,
    async dispatch(request, info) {
      const parts = pathSegments(request.path);
      const candidates = byHead.get(parts[0] as string);
      for (const list of candidates ? [candidates, anyHead] : [anyHead]) {
        for (const { route, pattern, all } of list) {
          if (!all && !route.methods.includes(request.method as SiteMethod)) continue;
          const params = pattern.match(parts);
          if (params === null) continue;
          const reply = await route.answer({ request, info, params });
          if (reply !== null) return reply;
        }
      }
      return null;
    },
  };
}
