import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';
import { dataFileKeys, recordSecrets } from '../../../test-support/suite-log.js';

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-secrets-'));
  // Request lines on: the log holds a line for every request below.
  server = await startServer(dir, { logRequests: true, args: ['--rate-limit', 'on'] });
});
afterAll(async () => {
  await server.crash();
  rmSync(dir, { recursive: true, force: true });
});

function account(role: string): { email: string; key: string; password: string } {
  const text = readFileSync(server.zuliprc(role as 'owner'), 'utf8');
  return {
    email: /^email=(.*)$/m.exec(text)?.[1] ?? '',
    key: /^key=(.*)$/m.exec(text)?.[1] ?? '',
    password: /^# password for POST \/fetch_api_key: (.*)$/m.exec(text)?.[1] ?? '',
  };
}

const basic = (email: string, key: string) => `Basic ${btoa(`${email}:${key}`)}`;

async function post(path: string, params: Record<string, string>, authorization?: string): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: authorization ? { authorization } : {},
    body: new URLSearchParams(params),
  });
}

describe('secrets in the server log', () => {
  it('never logs an API key or a password, whatever the requests carry', async () => {
    const owner = account('owner');
    const member = account('member');
    const newPassword = 'a very secret new password 1234';
    recordSecrets([newPassword]);

    // Logins: right, wrong, for an account that does not exist, until rate-limited.
    expect((await post('/api/v1/fetch_api_key', { username: owner.email, password: owner.password })).status).toBe(200);
    for (let i = 0; i < 7; i += 1)
      await post('/api/v1/fetch_api_key', {
        username: member.email,
        password: member.password.split('').reverse().join(''),
      });
    await post('/api/v1/fetch_api_key', { username: 'nobody@teamchat.example', password: newPassword });
    // Credentials in every wrong place: another user's key, a key in the query string and the body, malformed headers.
    await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: basic(member.email, owner.key) } });
    await fetch(`${server.url}/api/v1/users/me?api_key=${owner.key}&password=${encodeURIComponent(owner.password)}`);
    await post(
      '/api/v1/messages',
      { type: 'stream', to: 'general', topic: 'keys', content: `my key is ${member.key}`, api_key: owner.key },
      basic(member.email, member.key),
    );
    await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${owner.key}` } });
    await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: `Basic ${owner.key}` } });
    await fetch(`${server.url}/user_uploads/1/ab/x/file.txt?api_key=${owner.key}`);
    // A new account with a password, and over tRPC.
    const created = await post(
      '/api/v1/users',
      { email: 'newcomer@teamchat.example', password: newPassword, full_name: 'New Comer' },
      basic(owner.email, owner.key),
    );
    expect(created.status).toBe(200);
    await fetch(`${server.url}/trpc/users.me`, { headers: { authorization: basic(owner.email, member.key) } });
    await fetch(`${server.url}/trpc/server.fetchApiKey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: owner.email, password: newPassword }),
    });

    const log = server.log();
    expect(log).toContain('POST /api/v1/fetch_api_key 429');
    const secrets = [
      ...new Set([
        ...dataFileKeys(join(dir, 'data.json')),
        ...['owner', 'administrator', 'moderator', 'member', 'guest'].map((r) => account(r).password),
        newPassword,
      ]),
    ];
    expect(secrets.length).toBeGreaterThan(8);
    const leaked = secrets.filter((secret) => log.includes(secret));
    expect(leaked.map((s) => `${s.slice(0, 3)}…`)).toEqual([]);
  });
});
