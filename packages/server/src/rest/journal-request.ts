import { redacted, type Core } from '../core/index.js';
import type { RestReply, RestRequest } from './rest-request.js';
import type { RouteInfo } from './site-router.js';

/** Characters of an answer's JSON the journal keeps; a longer one is cut, with a marker. */
const MAX_RESPONSE_CHARS = 16_384;
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

/**
 * What the journal keeps of an answer: its JSON with credentials hidden (cut past
 * {@link MAX_RESPONSE_CHARS} with `"truncated": true`), or the type and size of anything else.
 */
function responseOf(reply: RestReply): unknown {
  const type = reply.headers['content-type'] ?? null;
  const body = reply.body;
  const bytes = body === null ? 0 : typeof body === 'string' ? body.length : body.length;
  if (body === null || !type?.startsWith('application/json')) return { content_type: type, bytes };
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  let json: unknown;
  try {
    json = redacted(JSON.parse(text));
  } catch {
    return { content_type: type, bytes };
  }
  const shown = JSON.stringify(json);
  return shown.length <= MAX_RESPONSE_CHARS ? json : { truncated: true, bytes: shown.length, text: shown.slice(0, MAX_RESPONSE_CHARS) };
}

/** Journals an answered request (`info.journalId` was reserved when it started). */
export function journalRequest(core: Core, request: RestRequest, info: RouteInfo, reply: RestReply, timing: { time: number; started: number }): void {
  if (info.journalId === undefined) return;
  const userId = info.callerId ?? null;
  core.services.journal.request(info.journalId, timing.time, {
    user_id: userId,
    email: userId === null ? null : (core.services.store.get('users', userId)?.email ?? null),
    method: request.method,
    path: request.path,
    endpoint: info.endpointName ?? null,
    params: redacted(info.journalParams ?? queryParams(request)),
    status: reply.status,
    latency_ms: Math.round((performance.now() - timing.started) * 10) / 10,
    response: responseOf(reply),
    client: info.userAgent,
  });
}
