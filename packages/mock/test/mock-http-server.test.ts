import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../src/node.js';

let served: MockServer;
beforeAll(async () => {
  served = await startMockServer({ seed: 3 });
});
afterAll(() => served.close());

const auth = () => {
  const { email, apiKey } = served.mock.accounts.owner;
  return { authorization: `Basic ${btoa(`${email}:${apiKey}`)}` };
};

describe('the mock over HTTP', () => {
  it('serves the API and the accounts', async () => {
    const accounts = (await (await fetch(`${served.url}/__mock/accounts`)).json()) as { accounts: { role: string }[] };
    expect(accounts.accounts.map((a) => a.role)).toContain('owner');
    const users = await fetch(`${served.url}/api/v1/users`, { headers: auth() });
    expect(users.status).toBe(200);
    expect(((await users.json()) as { members: unknown[] }).members.length).toBeGreaterThan(5);
  });

  it('injects faults and resets them', async () => {
    const fault = await fetch(`${served.url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ kind: 'rate_limit', endpoint: 'users.me', times: 1, retry_after: 2 }) });
    expect(fault.status).toBe(200);
    const limited = await fetch(`${served.url}/api/v1/users/me`, { headers: auth() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await fetch(`${served.url}/api/v1/users/me`, { headers: auth() })).status).toBe(200);
  });

  it('resets the state and moves the clock', async () => {
    const created = await fetch(`${served.url}/api/v1/channels/create`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=qa&subscribers=[]',
    });
    expect(created.status).toBe(200);
    await fetch(`${served.url}/__mock/reset`, { method: 'POST' });
    const streams = (await (await fetch(`${served.url}/api/v1/streams?include_all=true`, { headers: auth() })).json()) as { streams: { name: string }[] };
    expect(streams.streams.map((s) => s.name)).not.toContain('qa');
    const before = served.mock.clock.now();
    const moved = (await (await fetch(`${served.url}/__mock/clock?advance_ms=5000`, { method: 'POST' })).json()) as { now: number };
    expect(moved.now).toBe(before + 5000);
    const wrong = await fetch(`${served.url}/__mock/clock`, { method: 'POST' });
    expect(wrong.status).toBe(400);
  });
});
