/**
 * An invitation followed end to end as people would: the built `teamchat-server` in a child
 * process (with `--show-emails`), an administrator inviting through the SDK, the link read
 * from the email outbox (`GET /dev/emails`, and `teamchat-server outbox` on the data file),
 * the sign-up page opened and its form posted over HTTP, and the new user logging in.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@teamchat/client-sdk';
import { createClientFromZuliprc } from '@teamchat/client-sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

const SERVER_BIN = join(REPO_ROOT, 'packages/server/dist/bin.js');
const run = promisify(execFile);

interface OutboxEmail {
  id: number;
  template: string;
  to: string[];
  subject: string;
  body: string;
}

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-sign-up-'));
  server = await startServer(dir, { args: ['--show-emails'] });
});
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function outbox(to: string): Promise<OutboxEmail[]> {
  const response = await fetch(`${server.url}/dev/emails?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { emails: OutboxEmail[] }).emails;
}

describe('an email invitation, accepted through its link', () => {
  it('creates the account with the invited role and channels, and the new user logs in', async () => {
    const admin = createClientFromZuliprc(server.zuliprc('administrator'));
    const engineering = (await admin.channels.getId({ stream: 'engineering' })).stream_id;
    await admin.invites.send({
      invitee_emails: 'Ada Lovelace <ada@example.com>',
      stream_ids: [engineering],
      invite_as: 300,
      welcome_message_custom_text: 'Welcome, Ada.',
    });

    const [email] = await outbox('ada@example.com');
    expect(email?.template).toBe('invitation');
    const link = email?.body.match(/https?:\/\/\S+/g)?.at(-1) ?? '';
    expect(link).toMatch(new RegExp(`^${server.url}/accounts/do_confirm/[a-z0-9]{24}$`));

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('ada@example.com');
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    );
    const submitted = await fetch(new URL(action, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hidden, full_name: 'Ada Lovelace', password: 'analytical engine 1843' }),
      redirect: 'manual',
    });
    // Logged in to the web app, and led to it.
    expect([submitted.status, submitted.headers.get('location')], await submitted.clone().text()).toEqual([302, '/']);
    const session =
      submitted.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('sessionid='))
        ?.split(';')[0] ?? '';
    const web = await fetch(`${server.url}/json/users/me`, { headers: { cookie: session } });
    expect(((await web.json()) as { email: string }).email).toBe('ada@example.com');

    const { api_key } = await createClient({ site: server.url }).server.fetchApiKey({
      username: 'ada@example.com',
      password: 'analytical engine 1843',
    });
    const ada = createClient({ site: server.url, email: 'ada@example.com', apiKey: api_key });
    const me = await ada.users.me();
    expect([me.full_name, me.role]).toEqual(['Ada Lovelace', 300]);
    const subscribed = (await ada.channels.listSubscriptions({})).subscriptions.map((sub) => sub.name).sort();
    expect(subscribed).toEqual(['engineering']);
    const { messages } = await ada.messages.list({
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'is', operand: 'dm' }],
      apply_markdown: false,
    });
    expect(messages.map((message) => [message.sender_full_name, message.content]).at(-1)).toEqual([
      'Welcome Bot',
      'Welcome, Ada.',
    ]);
    expect((await admin.invites.list()).invites).toEqual([]);

    // The operator reads the same outbox from the data file, while the server runs.
    const { stdout } = await run(process.execPath, [
      SERVER_BIN,
      'outbox',
      '--data',
      join(dir, 'data.json'),
      '--to',
      'ada@example.com',
    ]);
    expect(stdout).toContain('Subject: ');
    expect(stdout).toContain(link);
    expect(stdout).toContain('account_registered');
    const json = JSON.parse(
      (await run(process.execPath, [SERVER_BIN, 'outbox', '--data', join(dir, 'data.json'), '--json', '--last', '1']))
        .stdout,
    ) as { emails: OutboxEmail[] };
    expect(json.emails.map((e) => [e.template, e.to])).toEqual([['account_registered', ['ada@example.com']]]);
  });

  it('refuses --show-emails on an address others can reach', async () => {
    const refused = await run(process.execPath, [
      SERVER_BIN,
      '--memory',
      '--show-emails',
      '--host',
      '0.0.0.0',
      '--port',
      '0',
    ]).catch((error: { code: number; stderr: string }) => error);
    expect('code' in refused ? refused.code : 0).toBe(2);
    expect(refused.stderr).toBe(
      'teamchat-server: --show-emails serves every invitation and confirmation link to whoever asks: use it on a loopback address, not --host 0.0.0.0\n',
    );
  });

  it('serves no outbox without --show-emails', async () => {
    const other = await startServer(join(dir), { dataFile: 'plain.json' });
    try {
      const response = await fetch(`${other.url}/dev/emails`);
      expect(response.status).toBe(404);
    } finally {
      await other.stop();
    }
  });
});
