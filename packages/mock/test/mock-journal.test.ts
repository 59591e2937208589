/**
 * The mock you can look into: `mock.requests()` and `mock.events()` answer from the journal the
 * server's inspector reads, recording all the time in the mock.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isApiError } from '@teamchat/client-sdk';
import { generatePushKeyPair, pushRegistrationParams } from '@teamchat/client-sdk/push';
import { createMock, type TeamchatMock } from '../src/index.js';

let mock: TeamchatMock;
let server: ReturnType<typeof setupServer>;

beforeAll(async () => {
  mock = await createMock();
  server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  mock.reset();
});
afterAll(() => server.close());

const clientOf = (role: 'owner' | 'member' | 'guest') =>
  createClient({ ...mock.clientOptions(role), retry: false, userAgent: `mock-journal/${role}` });

describe('mock.requests()', () => {
  it('answers the requests a test made, with the caller, the decoded parameters, the status and the answer', async () => {
    const { id } = await clientOf('member').messages.send({
      type: 'stream',
      to: 'general',
      topic: 'qa',
      content: 'hello',
    });
    const [sent] = mock.requests({ endpoint: 'messages.send' });
    expect(sent).toMatchObject({
      kind: 'request',
      method: 'POST',
      path: '/api/v1/messages',
      endpoint: 'messages.send',
      user_id: mock.accounts.member.userId,
      email: mock.accounts.member.email,
      params: { type: 'stream', to: 'general', topic: 'qa', content: 'hello' },
      status: 200,
      response: { result: 'success', id },
      client: 'mock-journal/member',
    });
  });

  it('filters by endpoint, account (role, email or ID) and status', async () => {
    await clientOf('member').users.me();
    await clientOf('owner').users.me();
    const refused = await clientOf('guest')
      .channels.create({ name: 'nope', subscribers: [] })
      .catch((error: unknown) => error);
    expect(isApiError(refused)).toBe(true);
    expect(mock.requests({ endpoint: 'users.me' })).toHaveLength(2);
    expect(mock.requests({ endpoint: 'users.me', account: 'owner' }).map((r) => r.email)).toEqual([
      mock.accounts.owner.email,
    ]);
    expect(mock.requests({ account: mock.accounts.member.email })).toHaveLength(1);
    expect(mock.requests({ account: mock.accounts.guest.userId, status: 400 }).map((r) => r.endpoint)).toEqual([
      'channels.create',
    ]);
    expect(() => mock.requests({ endpoint: 'users.mee' })).toThrow(/no endpoint 'users.mee'/);
    expect(() => mock.requests({ account: 'nobody@example.com' })).toThrow(/no account with email nobody@example.com/);
  });

  it('never shows a password or an API key', async () => {
    const { api_key } = await createClient({ site: mock.baseUrl, retry: false }).server.fetchApiKey({
      username: mock.accounts.member.email,
      password: 'member-password',
    });
    const [fetched] = mock.requests({ endpoint: 'server.fetchApiKey' });
    expect(fetched).toMatchObject({ params: { password: '***' }, response: { api_key: '***' } });
    expect(JSON.stringify(mock.requests())).not.toContain(api_key);
    expect(JSON.stringify(mock.requests())).not.toContain('member-password');
  });

  it('starts empty after reset()', async () => {
    await clientOf('member').users.me();
    expect(mock.requests()).toHaveLength(1);
    mock.reset();
    expect(mock.requests()).toEqual([]);
  });
});

describe('mock.events()', () => {
  it('answers the events put into each queue, the request that caused each, and whether a poll fetched it', async () => {
    const owner = clientOf('owner');
    const { queue_id } = await owner.events.register({ event_types: ['message'] });
    const { id } = await clientOf('member').messages.send({
      type: 'stream',
      to: 'general',
      topic: 'qa',
      content: 'an event',
    });
    const [sent] = mock.requests({ endpoint: 'messages.send' });
    const [event] = mock.events({ queue_id: queue_id ?? '' });
    expect(event).toMatchObject({
      kind: 'event',
      user_id: mock.accounts.owner.userId,
      fetched: false,
      cause: sent?.id,
      event: { type: 'message', id: 0, message: { id } },
    });
    await owner.events.get({ queue_id: queue_id ?? '', dont_block: true });
    expect(mock.events({ account: 'owner', type: 'message' })).toMatchObject([{ id: event?.id, fetched: true }]);
    expect(mock.events({ account: 'member' })).toEqual([]);
  });
});

describe('the journal in the mock', () => {
  it('records push notifications sent to the bouncer and their jobs, caused by the request', async () => {
    const member = clientOf('member');
    const keyPair = generatePushKeyPair();
    await member.push.register(
      pushRegistrationParams({
        pushAccountId: 7,
        keyPair,
        bouncerPublicKey: mock.pushBouncer.publicKeys()[0] ?? '',
        token: 'fcm-token-7',
        tokenKind: 'fcm',
        timestamp: Math.floor(mock.clock.now() / 1000),
      }),
    );
    await mock.core.services.jobs.idle();
    await member.push.testNotification({});
    await mock.core.services.jobs.idle();
    const entries = mock.core.services.journal.all();
    const registered = mock.requests({ endpoint: 'push.register' })[0];
    const test = mock.requests({ endpoint: 'push.testNotification' })[0];
    const pushes = entries.filter((entry) => entry.kind === 'push');
    // The registration's job: this server's registration at the bouncer, then the device's.
    expect(
      pushes.map(
        (entry) => entry.kind === 'push' && [entry.job_kind, new URL(entry.url).pathname, entry.status, entry.cause],
      ),
    ).toEqual([
      ['push_register', '/api/v1/remotes/server/register', 200, registered?.id],
      ['push_register', '/api/v1/remotes/server/analytics', 200, registered?.id],
      ['push_register', '/api/v1/remotes/push/e2ee/register', 200, registered?.id],
      // The test notification, sent by the request itself.
      [null, '/api/v1/remotes/push/e2ee/notify', 200, test?.id],
    ]);
    expect(
      entries
        .filter((entry) => entry.kind === 'job')
        .map((entry) => entry.kind === 'job' && [entry.job_kind, entry.state, entry.cause]),
    ).toEqual([['push_register', 'delivered', registered?.id]]);
    expect(JSON.stringify(pushes)).not.toContain('fcm-token-7');
  });
});
