import { http, type HttpHandler } from 'msw';
import { API_PREFIX, type Endpoint } from '@teamchat/schema';
import type { FetchHandler } from '@teamchat/server';

/** `/messages/{message_id}` → `/messages/:message_id` (MSW's path syntax). */
function mswPath(baseUrl: string, endpoint: Pick<Endpoint, 'path'>): string {
  return `${baseUrl}${API_PREFIX}${endpoint.path.replace(/\{([a-z_]+)\}/g, ':$1')}`;
}

const METHODS = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete } as const;

/**
 * One MSW handler per implemented contract, each dispatching into the server's REST handler
 * (`handle`), plus catch-alls for the rest of `/api/v1` (the server's 404/405 envelopes),
 * `/trpc`, the confirmation links, uploaded files and `/health`. The REST handler does its own routing, so the mock answers exactly as the server.
 */
export function createHandlers(baseUrl: string, endpoints: Iterable<Endpoint>, handle: () => FetchHandler): HttpHandler[] {
  const resolve = ({ request }: { request: Request }) => handle()(request);
  const handlers: HttpHandler[] = [];
  for (const endpoint of endpoints) handlers.push(METHODS[endpoint.method](mswPath(baseUrl, endpoint), resolve));
  handlers.push(http.all(`${baseUrl}${API_PREFIX}/*`, resolve));
  handlers.push(http.all(`${baseUrl}/trpc/*`, resolve));
  // Links of emails (email-change confirmation) and the health check.
  handlers.push(http.get(`${baseUrl}/accounts/*`, resolve));
  handlers.push(http.get(`${baseUrl}/health`, resolve));
  // Uploaded files: GET and HEAD (MSW matches methods exactly, so both are needed).
  handlers.push(http.get(`${baseUrl}/user_uploads/*`, resolve));
  handlers.push(http.head(`${baseUrl}/user_uploads/*`, resolve));
  return handlers;
}
