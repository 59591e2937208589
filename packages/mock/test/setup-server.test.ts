import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isApiError, isNetworkError, type Client } from '@teamchat/client-sdk';
import { createMock, type TeamchatMock } from '../src/index.js';

/**
 * An application function under test: it posts a welcome message to a new channel and
 * answers the channel's ID. It only knows the SDK.
 */
async function openChannel(client: Client, name: string, memberIds: number[]): Promise<number> {
  const { id } = await client.channels.create({ name, subscribers: memberIds });
  await client.messages.send({ type: 'stream', to: id, topic: 'hello', content: `Welcome to #**${name}**!` });
  return id;
}

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

const clientOf = (role: 'owner' | 'member' | 'guest') => createClient(mock.clientOptions(role));

describe('the mock with setupServer', () => {
  it('keeps what a test writes: later reads see it', async () => {
    const member = clientOf('member');
    const id = await openChannel(member, 'release', [mock.accounts.member.userId, mock.accounts.owner.userId]);
    const { streams } = await clientOf('owner').channels.list();
    expect(streams.find((s) => s.stream_id === id)).toMatchObject({ name: 'release', subscriber_count: 2 });
    const { topics } = await clientOf('owner').channels.listTopics({ stream_id: id });
    expect(topics.map((t) => t.name)).toEqual(['hello', 'channel events']);
    expect(mock.store.get('channels', id)?.creator_id).toBe(mock.accounts.member.userId);
  });

  it('keeps the rules: a guest may not create channels', async () => {
    const error = await openChannel(clientOf('guest'), 'nope', []).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('BAD_REQUEST');
    expect(isApiError(error) && error.msg).toBe('Not allowed for guest users');
  });

  it('starts every test from the same seed', async () => {
    const { streams } = await clientOf('owner').channels.list({ include_all: true });
    expect(streams.map((s) => s.name)).toEqual(['engineering', 'general']);
  });

  it('injects a rate limit that the SDK waits out and retries', async () => {
    server.use(mock.faults.rateLimit({ endpoint: 'users.list', retryAfter: 0.01, times: 1 }));
    const { members } = await clientOf('member').users.list();
    expect(members.length).toBeGreaterThan(0);
  });

  it("retries a rate limit with retryAfter: 2 on the mock's clock: two seconds pass there, none here", async () => {
    server.use(mock.faults.rateLimit({ endpoint: 'users.list', retryAfter: 2, times: 1 }));
    const retries: number[] = [];
    const client = createClient({
      ...mock.clientOptions('member'),
      retry: { onRetry: ({ delayMs }) => retries.push(delayMs) },
    });
    const before = mock.clock.now();
    const started = performance.now();
    const { members } = await client.users.list();
    const elapsed = performance.now() - started;
    expect(members.length).toBeGreaterThan(0);
    expect(retries).toEqual([2000]);
    expect(mock.clock.now() - before).toBe(2000);
    // A real timer would have waited the two seconds.
    expect(elapsed).toBeLessThan(2000);
  });

  it("stops a retry wait on the mock's clock when the call is aborted", async () => {
    server.use(mock.faults.rateLimit({ endpoint: 'users.list', retryAfter: 2 }));
    const controller = new AbortController();
    const client = createClient({
      ...mock.clientOptions('member'),
      retry: { onRetry: () => controller.abort(new Error('stop')) },
    });
    await expect(client.users.list({}, { signal: controller.signal })).rejects.toThrow('stop');
  });

  it('injects a network error', async () => {
    server.use(mock.faults.networkError({ endpoint: 'users.me' }));
    const error = await createClient({ ...mock.clientOptions('member'), retry: false })
      .users.me()
      .catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
  });

  it('applies an endpoint fault only to requests the server routes to it: users.get never hits /users/me', async () => {
    server.use(mock.faults.serverError({ endpoint: 'users.get' }));
    const member = clientOf('member');
    const me = await member.users.me();
    expect(me.user_id).toBe(mock.accounts.member.userId);
    const { user } = await member.users.getByEmail({ email: mock.accounts.owner.email });
    expect(user.user_id).toBe(mock.accounts.owner.userId);
    const error = await createClient({ ...mock.clientOptions('member'), retry: false })
      .users.get({ user_id: 1 })
      .catch((e: unknown) => e);
    // The server's crash envelope has no code; the SDK reads a 5xx without one as INTERNAL_SERVER_ERROR.
    expect(isApiError(error) && [error.status, error.code]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
  });

  it('answers a rate-limit fault with the RATE_LIMIT_HIT envelope and the Retry-After header', async () => {
    server.use(mock.faults.rateLimit({ endpoint: 'users.list', retryAfter: 3 }));
    const response = await fetch(`${mock.baseUrl}/api/v1/users`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.json()).toEqual({
      result: 'error',
      msg: 'API usage exceeded rate limit',
      code: 'RATE_LIMIT_HIT',
      'retry-after': 3,
    });
  });

  it('refuses faults for unknown endpoints and negative numbers', () => {
    expect(() => mock.faults.serverError({ endpoint: 'users.nope' as never })).toThrow(/Unknown endpoint "users.nope"/);
    expect(() => mock.faults.latency(-1)).toThrow(
      '[teamchat-mock] fault option ms must be a non-negative number, got -1',
    );
  });

  it('controls time: the edit limit passes when the clock moves', async () => {
    const member = clientOf('member');
    const { id } = await member.messages.send({ type: 'stream', to: 'general', topic: 't', content: 'draft' });
    mock.clock.advance(11 * 60_000);
    const error = await member.messages.update({ message_id: id, content: 'final' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.msg).toBe('The time limit for editing this message has past');
  });

  it('expires event queues on demand', async () => {
    const member = clientOf('member');
    const { queue_id } = await member.events.register({});
    mock.expireEventQueues();
    const error = await member.events.get({ queue_id: queue_id ?? '', dont_block: true }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('BAD_EVENT_QUEUE_ID');
  });
});
