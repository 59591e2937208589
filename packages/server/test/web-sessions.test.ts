/**
 * The web app's sessions over real HTTP, as a browser has them: the login form, the session
 * cookie on `/json/…`, the CSRF token, logout, expiry on the server's clock, and the ends a
 * session meets (deactivation, a password change). The server is the memory server on a
 * loopback port; the restart test runs the built binary on a data file.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../../test-support/cookie-jar.js';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { startServer } from '../../../test-support/start-server.js';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { listen, type RunningServer } from '../src/node/node-server.js';

const PASSWORDS = {
  owner: 'owner-pass-1',
  administrator: 'admin-pass-1',
  moderator: 'moderator-pass-1',
  member: 'member-pass-1',
  guest: 'guest-pass-1',
};
const DAY_MS = 24 * 60 * 60 * 1000;

let clock = Date.UTC(2026, 0, 5);
let memory: MemoryServer;
let server: RunningServer;
let dev: RunningServer;
const email = (role: keyof typeof PASSWORDS) => memory.accounts.find((a) => a.role === role)?.email ?? '';

beforeAll(async () => {
  memory = await createMemoryServer({ seed: 4, passwords: PASSWORDS, now: () => clock });
  server = await listen({ handler: memory.handler });
  const devMemory = await createMemoryServer({ seed: 4, passwords: PASSWORDS, config: { devMode: true } });
  dev = await listen({ handler: devMemory.handler });
});
afterAll(async () => {
  await Promise.all([server?.close(), dev?.close()]);
});

/** A browser that has loaded the login page (so it holds a CSRF token) and logged in as `role`. */
async function loggedIn(role: keyof typeof PASSWORDS, site = server.url): Promise<CookieJar> {
  const jar = new CookieJar(site);
  await jar.fetch('/login/');
  if (!jar.get('csrftoken')) await jar.fetch('/accounts/do_confirm/nokey');
  const login = await jar.fetch('/accounts/login/', { form: { username: email(role), password: PASSWORDS[role] } });
  expect(login.status, await login.clone().text()).toBe(200);
  return jar;
}

describe('logging in', () => {
  it('sets an HttpOnly session cookie and a fresh CSRF token, and answers the account', async () => {
    const jar = new CookieJar(server.url);
    // An HTML answer gives a visitor a CSRF token; later ones leave it alone.
    const page = await jar.fetch('/accounts/do_confirm/nokey');
    expect(page.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^csrftoken=[A-Za-z0-9]{32}; Max-Age=31449600; Path=\/; SameSite=Lax$/),
    ]);
    expect((await jar.fetch('/accounts/do_confirm/nokey')).headers.getSetCookie()).toEqual([]);
    const before = jar.get('csrftoken');

    const login = await jar.fetch('/accounts/login/', {
      form: { username: email('member'), password: PASSWORDS.member },
    });
    expect(await login.json()).toEqual({
      result: 'success',
      msg: '',
      user_id: memory.accounts.find((a) => a.role === 'member')?.userId,
      email: email('member'),
    });
    const cookies = login.headers.getSetCookie();
    expect(cookies).toContainEqual(
      expect.stringMatching(/^sessionid=[A-Za-z0-9]{32}; Max-Age=1209600; Path=\/; SameSite=Lax; HttpOnly$/),
    );
    expect(cookies).toContainEqual(expect.stringMatching(/^csrftoken=[A-Za-z0-9]{32};/));
    expect(jar.get('csrftoken')).not.toBe(before);

    const me = await jar.fetch('/json/users/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ result: 'success', email: email('member') });
  });

  it("refuses wrong credentials with the real login form's words, a deactivated account with its own", async () => {
    const jar = await loggedIn('owner');
    const wrong = await jar.fetch('/accounts/login/', { form: { username: email('member'), password: 'not it' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Session realm="zulip"');
    expect(await wrong.json()).toEqual({
      result: 'error',
      msg: 'Please enter a correct email and password. Note that both fields may be case-sensitive.',
      code: 'AUTHENTICATION_FAILED',
    });
    const unknown = await jar.fetch('/accounts/login/', {
      form: { username: 'nobody@teamchat.example', password: 'x' },
    });
    expect((await unknown.json()).code).toBe('AUTHENTICATION_FAILED');
    const missing = await jar.fetch('/accounts/login/', { form: { username: email('member') } });
    expect([missing.status, await missing.json()]).toEqual([
      400,
      { result: 'error', msg: "Missing 'password' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'password' },
    ]);

    const guest = memory.accounts.find((a) => a.role === 'guest')?.userId;
    expect((await jar.fetch(`/json/users/${guest}`, { method: 'DELETE' })).status).toBe(200);
    const deactivated = await jar.fetch('/accounts/login/', {
      form: { username: email('guest'), password: PASSWORDS.guest },
    });
    expect(await deactivated.json()).toEqual({
      result: 'error',
      msg: `Your account ${email('guest')} has been deactivated. Please contact your organization administrator to reactivate it.`,
      code: 'USER_DEACTIVATED',
    });
    expect((await jar.fetch(`/json/users/${guest}/reactivate`, { method: 'POST' })).status).toBe(200);
  });

  it('needs the CSRF token, as the real login form', async () => {
    const jar = new CookieJar(server.url);
    await jar.fetch('/accounts/do_confirm/nokey');
    const login = await jar.fetch('/accounts/login/', {
      form: { username: email('member'), password: PASSWORDS.member },
      csrf: false,
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toEqual({
      result: 'error',
      msg: 'CSRF error: CSRF token missing.',
      code: 'CSRF_FAILED',
      reason: 'CSRF token missing.',
    });
    expect(jar.get('sessionid')).toBeUndefined();
  });
});

describe('/json/ with the session', () => {
  it('answers every contract: reads, and writes with the CSRF token', async () => {
    const jar = await loggedIn('member');
    const sent = await jar.fetch('/json/messages', {
      form: { type: 'stream', to: 'general', topic: 'web', content: 'from the browser' },
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const { id } = (await sent.json()) as { id: number };
    const read = await jar.fetch(`/json/messages/${id}`);
    expect(((await read.json()) as { message: { content: string } }).message.content).toContain('from the browser');
    const registered = await jar.fetch('/json/register', { form: { event_types: '["message"]' } });
    expect(registered.status).toBe(200);
    expect((await jar.fetch('/json/no-such-endpoint')).status).toBe(404);
  });

  it('refuses an unsafe request without the CSRF header, with a wrong one, or from another origin: 403 CSRF_FAILED, nothing changed', async () => {
    const jar = await loggedIn('member');
    const before = (await (await jar.fetch('/json/users/me')).json()) as { full_name: string };
    const attempts: [string, Record<string, unknown>][] = [
      ['CSRF token missing.', { csrf: false }],
      [
        "CSRF token from the 'X-Csrftoken' HTTP header incorrect.",
        { csrf: false, headers: { 'x-csrftoken': 'A'.repeat(32) } },
      ],
      [
        'Origin checking failed - http://evil.example does not match any trusted origins.',
        { headers: { origin: 'http://evil.example' } },
      ],
    ];
    for (const [reason, init] of attempts) {
      const response = await jar.fetch('/json/settings', { method: 'PATCH', form: { full_name: 'Mallory' }, ...init });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        result: 'error',
        msg: `CSRF error: ${reason}`,
        code: 'CSRF_FAILED',
        reason,
      });
    }
    const noCookie = new CookieJar(server.url);
    noCookie.set('sessionid', jar.get('sessionid') ?? '');
    const withoutCookie = await noCookie.fetch('/json/settings', {
      method: 'PATCH',
      form: { full_name: 'Mallory' },
      headers: { 'x-csrftoken': jar.get('csrftoken') ?? '' },
    });
    expect(((await withoutCookie.json()) as { reason: string }).reason).toBe('CSRF cookie not set.');
    expect(((await (await jar.fetch('/json/users/me')).json()) as { full_name: string }).full_name).toBe(
      before.full_name,
    );
    expect((await jar.fetch('/json/settings', { method: 'PATCH', form: { full_name: before.full_name } })).status).toBe(
      200,
    );
  });

  it('answers 401 asking for a session without one; Basic credentials do not count on /json/, as on the real server', async () => {
    const member = memory.accounts.find((a) => a.role === 'member');
    for (const headers of [{}, { authorization: `Basic ${btoa(`${member?.email}:${member?.apiKey}`)}` }]) {
      const response = await fetch(`${server.url}/json/users/me`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Session realm="zulip"');
      expect(await response.json()).toEqual({
        result: 'error',
        msg: 'Not logged in: API authentication or user session required',
        code: 'UNAUTHORIZED',
      });
    }
    // The API itself is unchanged: Basic credentials, and no session.
    expect(
      (
        await fetch(`${server.url}/api/v1/users/me`, {
          headers: { authorization: `Basic ${btoa(`${member?.email}:${member?.apiKey}`)}` },
        })
      ).status,
    ).toBe(200);
    const jar = await loggedIn('member');
    expect((await jar.fetch('/api/v1/users/me')).status).toBe(401);
    // Public endpoints answer without a session.
    expect((await fetch(`${server.url}/json/server_settings`)).status).toBe(200);
  });
});

describe('the end of a session', () => {
  it('logout ends it on the server: the old cookie no longer works', async () => {
    const jar = await loggedIn('member');
    const cookie = jar.get('sessionid') ?? '';
    const out = await jar.fetch('/accounts/logout/', { method: 'POST' });
    expect(await out.json()).toEqual({ result: 'success', msg: '' });
    expect(out.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(
        /^sessionid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=\/; SameSite=Lax; HttpOnly$/,
      ),
    );
    const replay = new CookieJar(server.url);
    replay.set('sessionid', cookie);
    expect((await replay.fetch('/json/users/me')).status).toBe(401);
  });

  it('deactivation ends the sessions of the account, and reactivation brings none back', async () => {
    const owner = await loggedIn('owner');
    const moderator = await loggedIn('moderator');
    expect((await moderator.fetch('/json/users/me')).status).toBe(200);
    const id = memory.accounts.find((a) => a.role === 'moderator')?.userId;
    expect((await owner.fetch(`/json/users/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await moderator.fetch('/json/users/me')).status).toBe(401);
    expect((await owner.fetch(`/json/users/${id}/reactivate`, { method: 'POST' })).status).toBe(200);
    expect((await moderator.fetch('/json/users/me')).status).toBe(401);
  });

  it('deactivating the organization ends every session, and reactivating it brings none back (the real do_deactivate_realm)', async () => {
    const member = await loggedIn('member');
    expect((await member.fetch('/json/users/me')).status).toBe(200);
    await memory.core.operator({ action: 'deactivate-organization' });
    try {
      expect((await member.fetch('/json/users/me')).status).toBe(401);
      const jar = new CookieJar(server.url);
      await jar.fetch('/login/');
      if (!jar.get('csrftoken')) await jar.fetch('/accounts/do_confirm/nokey');
      const refused = await jar.fetch('/accounts/login/', {
        form: { username: email('member'), password: PASSWORDS.member },
      });
      expect(await refused.json()).toEqual({
        result: 'error',
        code: 'REALM_DEACTIVATED',
        msg: 'This organization has been deactivated',
      });
      expect(refused.status).toBe(401);
      expect(jar.get('sessionid')).toBeUndefined();
    } finally {
      await memory.core.operator({ action: 'reactivate-organization' });
    }
    expect((await member.fetch('/json/users/me')).status).toBe(401);
    expect((await (await loggedIn('member')).fetch('/json/users/me')).status).toBe(200);
  });

  it('a password change ends the other sessions, not the one that made it', async () => {
    const here = await loggedIn('administrator');
    const elsewhere = await loggedIn('administrator');
    const changed = await here.fetch('/json/settings', {
      method: 'PATCH',
      form: { old_password: PASSWORDS.administrator, new_password: 'a new admin pass 2' },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await here.fetch('/json/users/me')).status).toBe(200);
    expect((await elsewhere.fetch('/json/users/me')).status).toBe(401);
    await here.fetch('/json/settings', {
      method: 'PATCH',
      form: { old_password: 'a new admin pass 2', new_password: PASSWORDS.administrator },
    });
  });

  it('ends after two weeks on the server clock', async () => {
    const jar = await loggedIn('member');
    clock += 13 * DAY_MS;
    expect((await jar.fetch('/json/users/me')).status).toBe(200);
    clock += 1 * DAY_MS + 1000;
    expect((await jar.fetch('/json/users/me')).status).toBe(401);
  });
});

describe('the development login', () => {
  it('logs in as any account by email on a --dev server only', async () => {
    const jar = new CookieJar(dev.url);
    await jar.fetch('/devlogin/');
    await jar.fetch('/accounts/do_confirm/nokey');
    const login = await jar.fetch('/accounts/login/local/', { form: { direct_email: email('guest') } });
    expect(login.status, await login.clone().text()).toBe(200);
    expect(((await (await jar.fetch('/json/users/me')).json()) as { email: string }).email).toBe(email('guest'));

    const production = new CookieJar(server.url);
    await production.fetch('/accounts/do_confirm/nokey');
    const refused = await production.fetch('/accounts/login/local/', { form: { direct_email: email('guest') } });
    expect(refused.status).toBe(404);
    expect(production.get('sessionid')).toBeUndefined();
  });
});

describe('sessions in the data file', () => {
  let dir: string;
  beforeAll(() => {
    assertFreshBuilds();
    dir = mkdtempSync(join(tmpdir(), 'teamchat-sessions-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('survive a restart (the page goes on without logging in again) and are stored by digest only', async () => {
    let running = await startServer(dir);
    // The accounts are printed right after the "listening" line.
    for (let tries = 0; tries < 100 && !running.output().includes('Try:'); tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const password = /owner\s+\S+\s+key \S+\s+password (\S+)/.exec(running.output())?.[1] ?? '';
    const owner = /owner\s+(\S+)/.exec(running.output())?.[1] ?? '';
    expect(password).not.toBe('');
    const jar = new CookieJar(running.url);
    await jar.fetch('/accounts/do_confirm/nokey');
    const login = await jar.fetch('/accounts/login/', { form: { username: owner, password } });
    expect(login.status, await login.clone().text()).toBe(200);
    await running.stop();

    running = await startServer(dir);
    const site = running.url;
    const again = new CookieJar(site);
    again.set('sessionid', jar.get('sessionid') ?? '');
    again.set('csrftoken', jar.get('csrftoken') ?? '');
    const me = await again.fetch('/json/users/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(owner);
    expect((await again.fetch('/json/users/me/status', { method: 'POST', form: { status_text: 'back' } })).status).toBe(
      200,
    );
    await running.stop();

    const stored = readdirSync(dir)
      .filter((name) => name.startsWith('data.json'))
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n');
    expect(stored).toContain('"sessions"');
    expect(stored).not.toContain(jar.get('sessionid'));
  });
});
