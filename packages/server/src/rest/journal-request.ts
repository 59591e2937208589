import type { Core } from '../core/index.js';
import type { RestReply, RestRequest } from './rest-request.js';
import type { RouteInfo } from './site-router.js';

/** Paths never journaled: the app's files, and the inspector's own reads of the journal. */
const UNJOURNALED = /^\/(static\/|json\/inspector\/journal\/?$|health$)/;

/** Whether a request to `path` is journaled (while the journal records). */
export function journaled(path: string): boolean {
  return !UNJOURNALED.test(path);
}

/** The parameters of a request the route did not decode: its query string. */
function queryParams(request: RestRequest): Record<string, string> | null {
  if (request.query === '') return null;
  return Object.fromEntries(new URLSearchParams(request.query));
}

/** Journals an answered request (`info.journalId` was reserved when it started). */
export function journalRequest(
  core: Core,
  request: RestRequest,
  info: RouteInfo,
  reply: RestReply,
  timing: { time: number; started: number },
): void {
  if (info.journalId === undefined) return;
  const userId = info.callerId ?? null;
  core.services.journal.request(info.journalId, timing.time, {
    user_id: userId,
    email: userId === null ? null : (core.services.store.get('users', userId)?.email ?? null),
    method: request.method,
    path: request.path,
    endpoint: info.endpointName ?? null,
    params: info.journalParams ?? queryParams(request),
    status: reply.status,
    latency_ms: Math.round((performance.now() - timing.started) * 10) / 10,
    answer: { content_type: reply.headers['content-type'] ?? null, body: reply.body },
    client: info.userAgent,
  });
}
