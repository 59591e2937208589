import { http, type HttpHandler } from 'msw';
import { API_PREFIX, type Endpoint } from '@teamchat/schema';
import type { FetchHandler, SiteRoute } from '@teamchat/server';

/** `/messages/{message_id}` → `/messages/:message_id` (MSW's path syntax). */
function mswPath(baseUrl: string, endpoint: Pick<Endpoint, 'path'>): string {
  return `${baseUrl}${API_PREFIX}${endpoint.path.replace(/\{([a-z_]+)\}/g, ':$1')}`;
}

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete, HEAD: http.head, ALL: http.all } as const;

/**
 * One MSW handler per contract the server serves and one per route the server's REST handler
 * mounts beside them (`siteRoutes`: the rest of `/api/v1`, `/trpc`, uploaded files, email
 * links, `/health`), each dispatching into that REST handler (`handle`). The REST handler
 * does its own routing, so the mock answers exactly as the server.
 */
export function createHandlers(options: { baseUrl: string; endpoints: Iterable<Endpoint>; siteRoutes: Iterable<SiteRoute>; handle: () => FetchHandler }): HttpHandler[] {
  const { baseUrl, handle } = options;
  const resolve = ({ request }: { request: Request }) => handle()(request);
  const handlers: HttpHandler[] = [];
  for (const endpoint of options.endpoints) handlers.push(METHODS[endpoint.method](mswPath(baseUrl, endpoint), resolve));
  for (const route of options.siteRoutes) handlers.push(METHODS[route.method](`${baseUrl}${route.path}`, resolve));
  return handlers;
}
