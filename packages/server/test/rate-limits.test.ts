import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultRateLimits, type RateLimitRules } from '../src/core/config/rate-limit-rules.js';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { listen, type RunningServer } from '../src/node/node-server.js';

let now = Date.UTC(2026, 0, 5, 9);
let server: MemoryServer;
let running: RunningServer;
const rules: RateLimitRules = { ...defaultRateLimits, api_by_user: [[60, 3]] };

beforeAll(async () => {
  server = await createMemoryServer({
    seed: 11,
    now: () => now,
    monotonic: () => now,
    config: { rateLimits: rules },
    passwords: { owner: 'owner-password', member: 'member-password' },
  });
  running = await listen({ handler: server.handler });
});
afterAll(() => running.close());
beforeEach(() => {
  // Every test starts after the longest window of the rules, so no earlier request counts.
  now += 3600_000;
});

function account(role: 'owner' | 'member' | 'guest') {
  const found = server.accounts.find((a) => a.role === role);
  if (!found) throw new Error(role);
  return found;
}

function basic(email: string, key: string): string {
  return `Basic ${btoa(`${email}:${key}`)}`;
}

async function get(path: string, authorization?: string) {
  const response = await fetch(`${running.url}/api/v1${path}`, { headers: authorization ? { authorization } : {} });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function login(username: string, password: string) {
  const response = await fetch(`${running.url}/api/v1/fetch_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('rate limits per user (api_by_user)', () => {
  it('counts the requests of the window as the real limiter does, with X-RateLimit headers, and answers 429 RATE_LIMIT_HIT until the oldest leaves it', async () => {
    const auth = basic(account('member').email, account('member').apiKey);
    const start = now;
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const ok = await get('/users/me', auth);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-ratelimit-limit')).toBe('3');
      // The newest request leaves the window a minute from now.
      expect(Number(ok.headers.get('x-ratelimit-reset'))).toBe(Math.floor(now / 1000) + 60);
      remaining.push(ok.headers.get('x-ratelimit-remaining') ?? '');
      now += 10_000;
    }
    expect(remaining).toEqual(['2', '1', '0']);
    // 30 s after the first: it leaves the window in 30 s (a refilling bucket would say 0).
    const limited = await get('/users/me', auth);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      result: 'error',
      code: 'RATE_LIMIT_HIT',
      msg: 'API usage exceeded rate limit',
      'retry-after': 30,
    });
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBe(Math.floor(start / 1000) + 60);
    // Another user has a window of their own.
    expect((await get('/users/me', basic(account('owner').email, account('owner').apiKey))).status).toBe(200);
    // Refused requests are not counted: once the first leaves, one more is allowed, then the second's turn.
    now = start + 60_001;
    const next = await get('/users/me', auth);
    expect(next.status).toBe(200);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await get('/users/me', auth)).body).toMatchObject({ code: 'RATE_LIMIT_HIT', 'retry-after': 9.999 });
  });

  it('after a burst of 200 requests in 20 s under the real rules, Retry-After is the 40 s until the first leaves the minute', async () => {
    const real = await createMemoryServer({
      seed: 13,
      now: () => now,
      monotonic: () => now,
      config: { rateLimits: defaultRateLimits },
    });
    const owner = real.accounts.find((a) => a.role === 'owner');
    const request = () =>
      real.handler(
        new Request('http://teamchat.test/api/v1/users/me', {
          headers: { authorization: basic(owner?.email ?? '', owner?.apiKey ?? '') },
        }),
      );
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i += 1) {
      const response = await request();
      statuses.add(response.status);
      if (i === 199) expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
      now += 100;
    }
    expect([...statuses]).toEqual([200]);
    const limited = await request();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('200');
  });
});

describe('authentication attempts', () => {
  it('allows 5 password attempts per username in 30 minutes, the same for an account that does not exist', async () => {
    for (const username of [account('owner').email, 'nobody@teamchat.example']) {
      const answers: number[] = [];
      for (let i = 0; i < 6; i += 1) answers.push((await login(username, 'wrong password')).status);
      expect(answers, username).toEqual([401, 401, 401, 401, 401, 429]);
    }
    // Even the right password waits out the limit: it is not checked meanwhile.
    const blocked = await login(account('owner').email, 'owner-password');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMIT_HIT', 'retry-after': expect.any(Number) });
    now += 1800_001;
    expect((await login(account('owner').email, 'owner-password')).status).toBe(200);
  });

  it('clears the attempts of a username on a successful login', async () => {
    const email = account('member').email;
    for (let i = 0; i < 4; i += 1) expect((await login(email, 'wrong')).status).toBe(401);
    expect((await login(email, 'member-password')).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(email, 'wrong')).status).toBe(401);
  });

  it('answers a failed login the same whether the account exists, at the same cost', async () => {
    const derive = vi.spyOn(globalThis.crypto.subtle, 'deriveBits');
    try {
      const known = await login(account('guest').email, 'wrong password');
      const unknown = await login('nobody-at-all@teamchat.example', 'wrong password');
      expect(unknown).toEqual(known);
      expect(known).toEqual({
        status: 401,
        body: { result: 'error', code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' },
      });
      // One key derivation each, with the same number of iterations.
      const iterations = derive.mock.calls.map(([params]) => (params as Pbkdf2Params).iterations);
      expect(iterations).toHaveLength(2);
      expect(iterations[0]).toBe(iterations[1]);
    } finally {
      derive.mockRestore();
    }
  });

  it('counts failed Basic auth per client address, and never refuses valid credentials for it', async () => {
    const member = account('member');
    const answers = new Map<number, number>();
    for (let i = 0; i < 32; i += 1) {
      const { status } = await get('/users/me', basic(member.email, 'x'.repeat(32)));
      answers.set(status, (answers.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ 401: 30, 429: 2 });
    expect((await get('/users/me', 'Basic !!!')).status).toBe(429);
    // A password attempt from the address is refused too, before any check.
    expect((await login(member.email, 'member-password')).status).toBe(429);
    expect((await get('/users/me', basic(member.email, member.apiKey))).status).toBe(200);
  });
});

describe('unauthenticated requests (api_by_ip)', () => {
  it('allows 100 a minute per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i += 1) statuses.push((await get('/server_settings')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('rate limits off', () => {
  it('sends no X-RateLimit headers and never answers 429 (the default of the core and the mock)', async () => {
    const open = await createMemoryServer({ seed: 12 });
    const owner = open.accounts.find((a) => a.role === 'owner');
    for (let i = 0; i < 250; i += 1) {
      const response = await open.handler(
        new Request('http://teamchat.test/api/v1/users/me', {
          headers: { authorization: basic(owner?.email ?? '', owner?.apiKey ?? '') },
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });
});
