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

  it('lists the emails it would have sent at GET /__mock/emails, and a QA tester signs up through the link', async () => {
    const invited = await fetch(`${served.url}/api/v1/invites`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ invitee_emails: 'qa@example.com', stream_ids: '[]' }),
    });
    expect(invited.status).toBe(200);
    const { emails } = (await (await fetch(`${served.url}/__mock/emails?to=qa@example.com&last=1`)).json()) as {
      emails: { template: string; body: string }[];
    };
    expect(emails.map((email) => email.template)).toEqual(['invitation']);
    const path = new URL(emails[0]?.body.match(/https?:\/\/\S+/g)?.at(-1) ?? '').pathname;
    const page = await fetch(`${served.url}${path}`);
    expect(page.status).toBe(200);
    const key = path.split('/').at(-1) ?? '';
    const form = new URLSearchParams({ kind: 'email', key, full_name: 'Q A', password: 'quality assured 42' });
    const created = await fetch(`${served.url}/accounts/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    expect([created.status, created.headers.get('location')]).toEqual([302, '/']);
    expect((await fetch(`${served.url}/__mock/emails?last=0`)).status).toBe(400);
  });

  it('injects faults and resets them', async () => {
    const fault = await fetch(`${served.url}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'rate_limit', endpoint: 'users.me', times: 1, retry_after: 2 }),
    });
    expect(fault.status).toBe(200);
    const limited = await fetch(`${served.url}/api/v1/users/me`, { headers: auth() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await fetch(`${served.url}/api/v1/users/me`, { headers: auth() })).status).toBe(200);
  });

  it('drops the connection for a network_error fault: fetch rejects, no 500 arrives', async () => {
    const fault = await fetch(`${served.url}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'network_error', endpoint: 'users.me', times: 1 }),
    });
    expect(fault.status).toBe(200);
    await expect(fetch(`${served.url}/api/v1/users/me`, { headers: auth() })).rejects.toThrow(TypeError);
    expect((await fetch(`${served.url}/api/v1/users/me`, { headers: auth() })).status).toBe(200);
  });

  it('refuses a fault with an unknown kind, naming the kinds, and keeps serving the API', async () => {
    const fault = await fetch(`${served.url}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'rate-limit' }),
    });
    expect(fault.status).toBe(400);
    expect(((await fault.json()) as { msg: string }).msg).toBe(
      "[teamchat-mock] unknown fault kind 'rate-limit'; use latency|network_error|server_error|rate_limit",
    );
    expect((await fetch(`${served.url}/api/v1/users/me`, { headers: auth() })).status).toBe(200);
  });

  it.each([
    [{ kind: 'latency', ms: -5 }, '[teamchat-mock] fault option ms must be a non-negative number, got -5'],
    [{ kind: 'rate_limit', times: '2' }, '[teamchat-mock] fault option times must be a non-negative number, got "2"'],
    [
      { kind: 'rate_limit', retryAfter: 2 },
      "[teamchat-mock] unknown fault field 'retryAfter'; use kind, endpoint, times, ms, status, retry_after",
    ],
    [
      { kind: 'server_error', status: 200 },
      '[teamchat-mock] fault option status must be a 5xx status (500 to 599), got 200',
    ],
    [
      { kind: 'server_error', endpoint: 'users.nope' },
      `[teamchat-mock] Unknown endpoint "users.nope" in a fault; use a contract name such as 'users.list'.`,
    ],
    [
      { endpoint: 'users.me', times: 1 },
      '[teamchat-mock] a fault needs a kind; use latency|network_error|server_error|rate_limit',
    ],
    [{ kind: 7 }, '[teamchat-mock] unknown fault kind 7; use latency|network_error|server_error|rate_limit'],
  ])('refuses the fault %j with a 400 naming the problem', async (definition, message) => {
    const fault = await fetch(`${served.url}/__mock/faults`, { method: 'POST', body: JSON.stringify(definition) });
    expect(fault.status).toBe(400);
    expect(((await fault.json()) as { msg: string }).msg).toBe(message);
    expect((await fetch(`${served.url}/api/v1/users/me`, { headers: auth() })).status).toBe(200);
  });

  it('applies an endpoint fault only to requests the server routes to that endpoint', async () => {
    const { userId } = served.mock.accounts.member;
    await fetch(`${served.url}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'server_error', endpoint: 'users.get', status: 503 }),
    });
    try {
      expect((await fetch(`${served.url}/api/v1/users/me`, { headers: auth() })).status).toBe(200);
      const byEmail = await fetch(
        `${served.url}/api/v1/users/${encodeURIComponent(served.mock.accounts.member.email)}`,
        { headers: auth() },
      );
      expect(byEmail.status).toBe(200);
      const byId = await fetch(`${served.url}/api/v1/users/${userId}`, { headers: auth() });
      expect(byId.status).toBe(503);
      expect(await byId.json()).toEqual({ result: 'error', msg: 'Internal server error' });
    } finally {
      await fetch(`${served.url}/__mock/reset`, { method: 'POST' });
    }
  });

  it('resets the state and moves the clock', async () => {
    const created = await fetch(`${served.url}/api/v1/channels/create`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=qa&subscribers=[]',
    });
    expect(created.status).toBe(200);
    await fetch(`${served.url}/__mock/reset`, { method: 'POST' });
    const streams = (await (
      await fetch(`${served.url}/api/v1/streams?include_all=true`, { headers: auth() })
    ).json()) as { streams: { name: string }[] };
    expect(streams.streams.map((s) => s.name)).not.toContain('qa');
    const before = served.mock.clock.now();
    const moved = (await (await fetch(`${served.url}/__mock/clock?advance_ms=5000`, { method: 'POST' })).json()) as {
      now: number;
    };
    expect(moved.now).toBe(before + 5000);
    const wrong = await fetch(`${served.url}/__mock/clock`, { method: 'POST' });
    expect(wrong.status).toBe(400);
  });
});
