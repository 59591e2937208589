import { defaultRateLimits, type OrganizationFixtureInput, type ServerConfig } from '@teamchat/server';
import type { TeamchatMock } from '../create-mock.js';
import type { FaultQueue } from './fault-queue.js';

const ok = (body: Record<string, unknown> = {}) => Response.json({ result: 'success', msg: '', ...body });
const TAG = '[teamchat-mock] ';
const bad = (msg: string) => Response.json({ result: 'error', msg: msg.startsWith(TAG) ? msg : `${TAG}${msg}`, code: 'BAD_REQUEST' }, { status: 400 });

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('the body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('the body must be a JSON object');
  return value as Record<string, unknown>;
}

/** The mock's control routes (`/__mock/<name>`). */
export async function controlRequest(mock: TeamchatMock, faults: FaultQueue, request: Request, name: string): Promise<Response> {
  try {
    if (request.method === 'GET' && name === 'accounts') return ok({ accounts: mock.accountList });
    // The fixture itself, not in an envelope: what POST /__mock/fixture and `teamchat-server --seed` read.
    if (request.method === 'GET' && name === 'fixture') return Response.json(mock.exportFixture());
    if (request.method === 'GET' && name === 'emails') {
      // The email outbox: what the server would have sent (invitations, confirmations), oldest first.
      const query = new URL(request.url).searchParams;
      const last = query.get('last');
      if (last !== null && !/^[1-9]\d*$/.test(last)) return bad('GET /__mock/emails: last must be a positive integer');
      const to = query.get('to');
      return ok({ emails: mock.emails({ ...(to === null ? {} : { to }), ...(last === null ? {} : { last: Number(last) }) }) });
    }
    if (request.method !== 'POST') return bad(`unknown control route ${request.method} /__mock/${name}`);
    const url = new URL(request.url);
    switch (name) {
      case 'reset':
        mock.reset();
        faults.clear();
        return ok();
      case 'clock': {
        const advance = url.searchParams.get('advance_ms');
        const set = url.searchParams.get('set_ms');
        if (advance !== null) mock.clock.advance(Number(advance));
        else if (set !== null) mock.clock.set(Number(set));
        else return bad('POST /__mock/clock needs advance_ms=N or set_ms=N');
        return ok({ now: mock.clock.now() });
      }
      case 'configure': {
        const config = await jsonBody(request);
        // `"rateLimits": "default"` turns on the server's default rate limits.
        if (config['rateLimits'] === 'default') config['rateLimits'] = defaultRateLimits;
        mock.configure(config as Partial<ServerConfig>);
        return ok();
      }
      case 'expire_event_queues':
        mock.expireEventQueues(url.searchParams.get('queue_id') ?? undefined);
        return ok();
      case 'faults':
        return ok({ fault: faults.add(await jsonBody(request)) });
      case 'fixture':
        // The organization of the fixture in the body becomes the seeded state.
        await mock.load((await jsonBody(request)) as OrganizationFixtureInput);
        faults.clear();
        return ok({ accounts: mock.accountList });
      default:
        return bad(`unknown control route POST /__mock/${name}`);
    }
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
}
