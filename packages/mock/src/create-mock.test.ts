import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '@teamchat/server';
import { createMock, type TeamchatMock } from './create-mock.js';

/** POST /users as the owner, straight into the mock's REST handler; the new account's API key. */
async function createUser(mock: TeamchatMock, email: string): Promise<string> {
  const { email: ownerEmail, apiKey } = mock.accounts.owner;
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}/api/v1/users`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${ownerEmail}:${apiKey}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email, password: 'a fine password', full_name: 'Nina New' }).toString(),
    }),
  );
  const { user_id: userId } = (await response.json()) as { user_id: number };
  const user = mock.store.get('users', userId);
  if (!user) throw new Error(`POST /users answered ${response.status}`);
  return user.api_key;
}

describe('createMock', () => {
  it('resets the seeded random source: an account created after reset() gets the same API key', async () => {
    const mock = await createMock();
    const first = await createUser(mock, 'nina@teamchat.example');
    await createUser(mock, 'other@teamchat.example');
    mock.reset();
    expect(await createUser(mock, 'nina@teamchat.example')).toBe(first);
    // And the same as in a mock that never ran anything.
    expect(await createUser(await createMock(), 'nina@teamchat.example')).toBe(first);
  });

  it('accepts an origin, with or without trailing slashes', async () => {
    expect((await createMock({ baseUrl: 'http://chat.test:8080/' })).baseUrl).toBe('http://chat.test:8080');
  });

  it('refuses a baseUrl with a path, which would make every request miss', async () => {
    await expect(createMock({ baseUrl: 'http://x/chat' })).rejects.toThrow(
      "[teamchat-mock] baseUrl must be an origin such as http://teamchat.test (got 'http://x/chat')",
    );
    await expect(createMock({ baseUrl: 'teamchat.test' })).rejects.toThrow(/baseUrl must be an origin/);
  });

  it('rate-limits on its clock once turned on, as the server does', async () => {
    const mock = await createMock();
    mock.configure({ rateLimits: { ...defaultRateLimits, api_by_user: [[60, 2]] } });
    const { email, apiKey } = mock.accounts.member;
    const me = () =>
      mock.fetch(
        new Request(`${mock.baseUrl}/api/v1/users/me`, {
          headers: { authorization: `Basic ${btoa(`${email}:${apiKey}`)}` },
        }),
      );
    expect((await me()).status).toBe(200);
    expect((await me()).headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await me();
    expect(limited.status).toBe(429);
    // Both requests came at once: the first leaves the minute 60 s from now (the real limiter).
    expect(await limited.json()).toEqual({
      result: 'error',
      code: 'RATE_LIMIT_HIT',
      msg: 'API usage exceeded rate limit',
      'retry-after': 60,
    });
    mock.clock.advance(30_000);
    expect((await me()).status).toBe(429);
    mock.clock.advance(30_001);
    expect((await me()).status).toBe(200);
    // reset() turns them off again.
    mock.reset();
    for (let i = 0; i < 5; i += 1) expect((await me()).status).toBe(200);
  });
});
