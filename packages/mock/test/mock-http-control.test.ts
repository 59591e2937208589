/**
 * The HTTP mock's control routes for looking into it, with curl or any language: the requests
 * a test made, the events of each queue, the faults, the clock, the index of the routes, and a
 * fixture round trip that keeps the passwords; and its request log on the console.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../src/node.js';

let served: MockServer;
beforeAll(async () => {
  served = await startMockServer({ seed: 9, webApp: false });
});
afterAll(() => served.close());

const auth = (role: 'owner' | 'member' = 'member') => {
  const { email, apiKey } = served.mock.accounts[role];
  return { authorization: `Basic ${btoa(`${email}:${apiKey}`)}`, 'user-agent': 'qa-script/1.0' };
};
const get = async (path: string) => {
  const response = await fetch(`${served.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('looking into the HTTP mock', () => {
  it('GET /__mock/requests returns the request a test made, filtered by endpoint, account and status', async () => {
    await fetch(`${served.url}/__mock/reset`, { method: 'POST' });
    const sent = await fetch(`${served.url}/api/v1/messages`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'qa', content: 'from curl' }),
    });
    const { id } = (await sent.json()) as { id: number };
    await fetch(`${served.url}/api/v1/users/me`, { headers: auth('owner') });
    await fetch(`${served.url}/api/v1/messages/999999`, { headers: auth() });

    const { status, body } = await get('/__mock/requests?endpoint=messages.send');
    expect(status).toBe(200);
    expect(body['requests']).toMatchObject([
      {
        method: 'POST',
        path: '/api/v1/messages',
        endpoint: 'messages.send',
        email: served.mock.accounts.member.email,
        params: { type: 'stream', to: 'general', topic: 'qa', content: 'from curl' },
        status: 200,
        response: { result: 'success', id },
        client: 'qa-script/1.0',
      },
    ]);
    expect(((await get('/__mock/requests?account=owner')).body['requests'] as unknown[]).length).toBe(1);
    expect(
      ((await get('/__mock/requests?status=400')).body['requests'] as { path: string }[]).map((r) => r.path),
    ).toEqual(['/api/v1/messages/999999']);
    expect((await get('/__mock/requests?status=abc')).body).toEqual({
      result: 'error',
      msg: '[teamchat-mock] GET /__mock/requests: status must be a positive integer',
      code: 'BAD_REQUEST',
    });
    expect((await get('/__mock/requests?endpoint=messages.sned')).status).toBe(400);
  });

  it('GET /__mock/events returns the events of each queue, and whether a poll fetched them', async () => {
    const registered = await fetch(`${served.url}/api/v1/register`, {
      method: 'POST',
      headers: { ...auth('owner'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'event_types=["message"]',
    });
    const { queue_id } = (await registered.json()) as { queue_id: string };
    await fetch(`${served.url}/api/v1/messages`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'qa', content: 'an event' }),
    });
    const { body } = await get(`/__mock/events?queue_id=${queue_id}`);
    expect(body['events']).toMatchObject([
      { kind: 'event', queue_id, fetched: false, event: { type: 'message', id: 0 } },
    ]);
    await fetch(`${served.url}/api/v1/events?queue_id=${queue_id}&dont_block=true`, { headers: auth('owner') });
    expect((await get('/__mock/events?account=owner&type=message')).body['events']).toMatchObject([
      { queue_id, fetched: true },
    ]);
  });

  it('GET and DELETE /__mock/faults list and clear the faults', async () => {
    await fetch(`${served.url}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'rate_limit', endpoint: 'users.me', times: 2, retry_after: 3 }),
    });
    expect((await get('/__mock/faults')).body['faults']).toEqual([
      { kind: 'rate_limit', endpoint: 'users.me', times: 2, retry_after: 3, left: 2 },
    ]);
    expect((await fetch(`${served.url}/api/v1/users/me`, { headers: auth() })).status).toBe(429);
    expect((await get('/__mock/faults')).body['faults']).toMatchObject([{ left: 1 }]);
    const cleared = await fetch(`${served.url}/__mock/faults`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ result: 'success', msg: '' });
    expect((await get('/__mock/faults')).body['faults']).toEqual([]);
    expect((await fetch(`${served.url}/api/v1/users/me`, { headers: auth() })).status).toBe(200);
  });

  it('GET /__mock/clock tells the time of the mock', async () => {
    await fetch(`${served.url}/__mock/clock?advance_ms=1500`, { method: 'POST' });
    expect((await get('/__mock/clock')).body).toEqual({ result: 'success', msg: '', now: served.mock.clock.now() });
  });

  it('answers /__mock and /__mock/ alike: the index of the control routes', async () => {
    const bare = await get('/__mock');
    const slash = await get('/__mock/');
    expect(bare).toEqual(slash);
    const routes = (bare.body['routes'] as { method: string; path: string }[]).map(
      (route) => `${route.method} ${route.path}`,
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /__mock/requests',
        'GET /__mock/events',
        'GET /__mock/faults',
        'DELETE /__mock/faults',
        'GET /__mock/clock',
        'POST /__mock/fixture',
      ]),
    );
    const unknown = await get('/__mock/nope');
    expect(unknown.body['msg']).toBe('[teamchat-mock] unknown control route GET /__mock/nope; GET /__mock/ lists them');
  });

  it('keeps the passwords after GET then POST /__mock/fixture', async () => {
    const before = (await get('/__mock/accounts')).body['accounts'] as { email: string; password: string | null }[];
    expect(before.filter((a) => a.password !== null).length).toBeGreaterThan(0);
    const fixture = await (await fetch(`${served.url}/__mock/fixture`)).json();
    const loaded = await fetch(`${served.url}/__mock/fixture`, { method: 'POST', body: JSON.stringify(fixture) });
    expect(loaded.status).toBe(200);
    const after = (await get('/__mock/accounts')).body['accounts'] as { email: string; password: string | null }[];
    expect(after.map((a) => [a.email, a.password])).toEqual(before.map((a) => [a.email, a.password]));
    // And they still log in.
    const member = after.find((a) => a.email === served.mock.accounts.member.email);
    const login = await fetch(`${served.url}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: member?.email ?? '', password: member?.password ?? '' }),
    });
    expect(login.status).toBe(200);
  });
});

describe('the request log of teamchat-mock', () => {
  const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
  const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

  /** Starts `teamchat-mock --port 0 args…`, makes one request, stops it: what it printed on stderr. */
  async function logOf(args: readonly string[]): Promise<string> {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', BIN, '--port', '0', ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /listening on (http:\/\/\S+)/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`teamchat-mock exited:\n${stdout}${stderr}`)));
    });
    await fetch(`${url}/api/v1/users/me`);
    await fetch(`${url}/api/v1/server_settings`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    return stderr;
  }

  it('prints one line per request, as teamchat-server does; --quiet prints none', async () => {
    const log = await logOf([]);
    expect(log).toMatch(/INFO GET \/api\/v1\/users\/me 401 \d+ms/);
    expect(log).toMatch(/INFO GET \/api\/v1\/server_settings 200 \d+ms/);
    expect(await logOf(['--quiet'])).not.toMatch(/GET \/api\/v1/);
  }, 60_000);
});
