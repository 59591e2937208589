import { http, type HttpHandler } from 'msw';
import type { FetchHandler, SiteRoute } from '@teamchat/server';

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
  HEAD: http.head,
  ALL: http.all,
} as const;

/**
 * One MSW handler per route the server's REST handler mounts (`siteRoutes`: `/api/v1/*`,
 * `/trpc`, uploaded files, email links, `/health`), each dispatching into that REST handler
 * (`handle`), which does its own routing through the contract table, so the mock answers
 * exactly as the server, a 404 or 405 envelope included.
 *
 * Not one handler per contract: MSW tries its handlers in order, and for each it compiles the
 * path pattern and parses the request's cookies before it knows whether the handler matches;
 * with a handler per contract (about 400) that was most of a call's cost (a `users.me()`
 * through the SDK cost 4.7 times a plain handler's CPU; `npm run bench -- --mock`).
 */
export function createHandlers(options: {
  baseUrl: string;
  siteRoutes: Iterable<SiteRoute>;
  handle: () => FetchHandler;
}): HttpHandler[] {
  const { baseUrl, handle } = options;
  const resolve = ({ request }: { request: Request }) => handle()(request);
  return [...options.siteRoutes].map((route) => METHODS[route.method](`${baseUrl}${route.path}`, resolve));
}
