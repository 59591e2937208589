import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIntegration, type FakeIntegration } from '../../../test-support/fake-integration.js';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { nodeHttpSender } from '../src/node.js';

/**
 * A BigBlueButton call from link to meeting: GET /calls/bigbluebutton/create, then its join
 * link, against a fake BigBlueButton server on a loopback port that checks the checksums the
 * way BigBlueButton does (SHA-256 of call name, query and shared secret).
 */
const SECRET = 'bbb-shared-secret';
let bbb: FakeIntegration;
let server: MemoryServer;
const auth = (role: string) => {
  const account = server.accounts.find((a) => a.role === role);
  return `Basic ${btoa(`${account?.email ?? ''}:${account?.apiKey ?? ''}`)}`;
};
const get = (path: string, role: string) =>
  server.handler(new Request(`http://teamchat.test${path}`, { headers: { authorization: auth(role) } }));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Whether `query` (ending in `&checksum=…`) is signed for `call` with the secret. */
function checksumOk(call: string, query: string): boolean {
  const at = query.lastIndexOf('&checksum=');
  return sha256(call + query.slice(0, at) + SECRET) === query.slice(at + '&checksum='.length);
}

beforeAll(async () => {
  bbb = await startFakeIntegration();
  server = await createMemoryServer({
    seed: 8,
    outbound: nodeHttpSender,
    config: { bigBlueButtonUrl: `${bbb.url}/bigbluebutton/`, bigBlueButtonSecret: SECRET },
  });
});
afterAll(() => bbb.close());

describe('BigBlueButton calls', () => {
  it('creates the meeting with a valid checksum and sends the creator in as moderator, others as viewers', async () => {
    const created = (await (
      await get('/api/v1/calls/bigbluebutton/create?meeting_name=Daily%20standup&voice_only=true', 'member')
    ).json()) as { url: string };
    const ok =
      '<response><returncode>SUCCESS</returncode><meetingID>x</meetingID><createTime>1700000000000</createTime></response>';
    bbb.answer({ body: ok }, { body: ok });
    const member = await get(created.url, 'member');
    expect(member.status).toBe(302);
    const createRequest = await bbb.nth(1);
    const [createPath = '', createQuery = ''] = createRequest.path.split('?');
    expect([createRequest.method, createPath]).toEqual(['GET', '/bigbluebutton/api/create']);
    expect(createQuery).toMatch(
      /^meetingID=zulip-\d{12}&name=Daily%20standup&lockSettingsDisableCam=True&checksum=[0-9a-f]{64}$/,
    );
    expect(checksumOk('create', createQuery)).toBe(true);
    const location = new URL(member.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${bbb.url}/bigbluebutton/api/join`);
    expect(location.search).toMatch(
      /^\?meetingID=zulip-\d{12}&role=MODERATOR&fullName=\S+&createTime=1700000000000&checksum=[0-9a-f]{64}$/,
    );
    expect(checksumOk('join', location.search.slice(1))).toBe(true);
    const owner = await get(created.url, 'owner');
    expect(new URL(owner.headers.get('location') ?? '').searchParams.get('role')).toBe('VIEWER');
  });

  it('answers the real errors: tampered link, checksum refused, unexpected answer, server down', async () => {
    const created = (await (await get('/api/v1/calls/bigbluebutton/create?meeting_name=x', 'member')).json()) as {
      url: string;
    };
    const tampered = await get(created.url.replace(/:[\w-]+$/, ':AAAA'), 'member');
    expect([tampered.status, ((await tampered.json()) as { msg: string }).msg]).toEqual([400, 'Invalid signature.']);
    bbb.answer(
      { body: '<response><returncode>FAILED</returncode><messageKey>checksumError</messageKey></response>' },
      { body: '<response><returncode>FAILED</returncode></response>' },
      { status: 500, body: 'oops' },
    );
    const messages = [];
    for (let i = 0; i < 3; i += 1)
      messages.push(((await (await get(created.url, 'member')).json()) as { msg: string }).msg);
    expect(messages).toEqual([
      'Error authenticating to the BigBlueButton server.',
      'BigBlueButton server returned an unexpected error.',
      'Error connecting to the BigBlueButton server.',
    ]);
    const anonymous = await server.handler(new Request(`http://teamchat.test${created.url}`));
    expect(anonymous.status).toBe(401);
  });
});
