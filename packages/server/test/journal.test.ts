/**
 * The request journal the inspector reads (`GET /json/inspector/journal`), over real HTTP:
 * recording only while an administrator's web session is live, requests with their redacted
 * parameters and answers, the events each queue got and their fetching, emails, outgoing-webhook
 * deliveries and their jobs, each linked to the request that caused it; bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@teamchat/client-sdk';
import { CookieJar } from '../../../test-support/cookie-jar.js';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { startServer } from '../../../test-support/start-server.js';
import { startFakeIntegration, type FakeIntegration } from '../../../test-support/fake-integration.js';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { listen, type RunningServer } from '../src/node/node-server.js';
import { nodeHttpSender } from '../src/node/http-sender.js';

const PASSWORDS = {
  owner: 'owner-pass-1',
  administrator: 'admin-pass-1',
  moderator: 'moderator-pass-1',
  member: 'member-pass-1',
  guest: 'guest-pass-1',
};

interface Entry {
  id: number;
  seq: number;
  time: number;
  kind: string;
  cause: number | null;
  [field: string]: unknown;
}
interface JournalPage {
  result: string;
  enabled: boolean;
  capacity: number;
  last_seq: number;
  entries: Entry[];
}

let clock = Date.UTC(2026, 0, 5, 9);
let memory: MemoryServer;
let server: RunningServer;
let integration: FakeIntegration;
const account = (role: keyof typeof PASSWORDS | 'bot') =>
  memory.accounts.find((a) => a.role === role) ?? { email: '', apiKey: '', userId: 0 };
const sdk = (role: keyof typeof PASSWORDS | 'bot') =>
  createClient({
    site: server.url,
    email: account(role).email,
    apiKey: account(role).apiKey,
    userAgent: `journal-test/${role}`,
  });

beforeAll(async () => {
  integration = await startFakeIntegration();
  memory = await createMemoryServer({ seed: 5, passwords: PASSWORDS, now: () => clock, outbound: nodeHttpSender });
  server = await listen({ handler: memory.handler });
});
afterAll(async () => {
  await server?.close();
  await integration?.close();
});

async function logIn(role: keyof typeof PASSWORDS, site = server.url): Promise<CookieJar> {
  const jar = new CookieJar(site);
  await jar.fetch('/accounts/do_confirm/nokey');
  const login = await jar.fetch('/accounts/login/', {
    form: { username: account(role).email, password: PASSWORDS[role] },
  });
  expect(login.status).toBe(200);
  return jar;
}

async function journal(jar: CookieJar, after = 0, limit?: number): Promise<JournalPage> {
  const response = await jar.fetch(
    `/json/inspector/journal?after=${after}${limit === undefined ? '' : `&limit=${limit}`}`,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as JournalPage;
}

const requests = (page: JournalPage) => page.entries.filter((e) => e.kind === 'request');

describe('the journal', () => {
  let admin: CookieJar;

  it('records nothing while no administrator watches', async () => {
    await sdk('member').users.me();
    admin = await logIn('administrator');
    // The administrator's first page request turns recording on; what came before is not there.
    await admin.fetch('/json/users/me');
    const page = await journal(admin);
    expect(page).toMatchObject({ result: 'success', enabled: true, capacity: 1000 });
    expect(requests(page).map((e) => `${String(e['method'])} ${String(e['path'])}`)).toEqual([]);
  });

  it('records a request: the caller, the decoded parameters, the status, the latency, the answer, the client', async () => {
    const before = (await journal(admin)).last_seq;
    const { id } = await sdk('member').messages.send({
      type: 'stream',
      to: 'general',
      topic: 'journal',
      content: 'look at me',
    });
    const [entry] = requests(await journal(admin, before));
    expect(entry).toMatchObject({
      kind: 'request',
      method: 'POST',
      path: '/api/v1/messages',
      endpoint: 'messages.send',
      user_id: account('member').userId,
      email: account('member').email,
      params: { type: 'stream', to: 'general', topic: 'journal', content: 'look at me' },
      status: 200,
      response: { result: 'success', msg: '', id },
      client: 'journal-test/member',
      cause: null,
    });
    expect(entry?.time).toBe(clock);
    expect(typeof entry?.latency_ms).toBe('number');
    const failed = await sdk('member')
      .messages.get({ message_id: 999_999 })
      .catch(() => null);
    expect(failed).toBeNull();
    expect(requests(await journal(admin, before)).at(-1)).toMatchObject({
      path: '/api/v1/messages/999999',
      status: 400,
      response: { result: 'error', code: 'BAD_REQUEST' },
    });
  });

  it('records the events each queue got, caused by the request, and marks them fetched when a poll takes them (re-sent with a higher seq)', async () => {
    const owner = sdk('owner');
    const { queue_id } = await owner.events.register({ event_types: ['message'] });
    const before = (await journal(admin)).last_seq;
    await sdk('member').messages.send({ type: 'stream', to: 'general', topic: 'journal', content: 'an event' });
    const page = await journal(admin, before);
    const sent = requests(page).find((e) => e['endpoint'] === 'messages.send');
    const event = page.entries.find((e) => e.kind === 'event' && e['queue_id'] === queue_id);
    expect(event).toMatchObject({
      kind: 'event',
      user_id: account('owner').userId,
      fetched: false,
      cause: sent?.id,
      event: { type: 'message', id: 0 },
    });
    // The event was committed while the request ran: its entry comes first, the request's when answered.
    expect(event?.seq).toBeLessThan(sent?.seq ?? 0);
    expect(sent?.id).toBeLessThan(event?.id ?? 0);

    await owner.events.get({ queue_id: queue_id ?? '', dont_block: true });
    const again = await journal(admin, page.last_seq);
    const fetched = again.entries.find((e) => e.kind === 'event' && e['queue_id'] === queue_id);
    expect(fetched).toMatchObject({ id: event?.id, fetched: true, cause: sent?.id });
    expect(fetched?.seq).toBeGreaterThan(page.last_seq);
  });

  it('never keeps a password, an API key or a session id: parameters and answers show "***"', async () => {
    const before = (await journal(admin)).last_seq;
    const member = account('member');
    const { api_key } = await createClient({ site: server.url }).server.fetchApiKey({
      username: member.email,
      password: PASSWORDS.member,
    });
    const memberWeb = await logIn('member');
    await memberWeb.fetch('/json/settings', {
      method: 'PATCH',
      form: { old_password: PASSWORDS.member, new_password: 'member-pass-2' },
    });
    await memberWeb.fetch('/json/settings', {
      method: 'PATCH',
      form: { old_password: 'member-pass-2', new_password: PASSWORDS.member },
    });
    await sdk('owner')
      .bots.regenerateApiKey({ bot_id: account('bot').userId })
      .catch(() => undefined);
    const page = await journal(admin, before);
    const byEndpoint = (name: string) => requests(page).find((e) => e['endpoint'] === name);
    expect(byEndpoint('server.fetchApiKey')).toMatchObject({
      params: { username: member.email, password: '***' },
      response: { api_key: '***' },
    });
    expect(byEndpoint('pages.logIn')).toMatchObject({
      path: '/accounts/login/',
      params: { username: member.email, password: '***' },
      status: 200,
    });
    expect(byEndpoint('settings.update')).toMatchObject({ params: { old_password: '***', new_password: '***' } });
    const text = JSON.stringify(page);
    for (const secret of [
      api_key,
      PASSWORDS.member,
      'member-pass-2',
      memberWeb.get('sessionid') ?? '-',
      admin.get('sessionid') ?? '-',
      member.apiKey,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('records emails, outbox jobs on the server clock and outgoing-webhook deliveries with their answers, caused by the request', async () => {
    const member = sdk('member');
    const { user_id: botId } = await member.bots.create({
      full_name: 'Echo Bot',
      short_name: 'echo',
      bot_type: 3,
      payload_url: `${integration.url}/hook`,
      interface_type: 1,
    });
    integration.answer({ body: { content: 'pong' } });
    const before = (await journal(admin)).last_seq;
    await member.messages.send({ type: 'stream', to: 'general', topic: 'bots', content: '@**Echo Bot** ping' });
    await memory.core.services.jobs.idle();
    await member.invites.send({ invitee_emails: 'new.person@example.com', stream_ids: [] });
    const page = await journal(admin, before);
    const sent = requests(page).find((e) => e['endpoint'] === 'messages.send');
    const job = page.entries.find((e) => e.kind === 'job');
    expect(job).toMatchObject({
      job_kind: 'outgoing_webhook',
      user_id: botId,
      state: 'delivered',
      attempts: 1,
      last_status: 200,
      due: clock,
      cause: sent?.id,
    });
    const delivery = page.entries.find((e) => e.kind === 'webhook');
    expect(delivery).toMatchObject({
      bot_id: botId,
      url: `${integration.url}/hook`,
      status: 200,
      response: { content: 'pong' },
      error: null,
      cause: sent?.id,
    });
    expect(delivery?.['request']).toMatchObject({ data: '@**Echo Bot** ping', trigger: 'mention', token: '***' });
    const invited = requests(page).find((e) => e['endpoint'] === 'invites.send');
    expect(page.entries.find((e) => e.kind === 'email')).toMatchObject({
      template: 'invitation',
      to: ['new.person@example.com'],
      cause: invited?.id,
    });
  });

  it('cuts a long answer with a marker, and shows an uploaded file by name and size, never its bytes', async () => {
    const before = (await journal(admin)).last_seq;
    await sdk('owner').events.register({});
    const file = new File(['x'.repeat(5000)], 'notes.txt', { type: 'text/plain' });
    await sdk('member').uploads.upload({ file });
    const page = await journal(admin, before);
    const registered = requests(page).find((e) => e['endpoint'] === 'events.register');
    const response = registered?.['response'] as { truncated: boolean; bytes: number; text: string };
    expect(response.truncated).toBe(true);
    expect(response.bytes).toBeGreaterThan(16_384);
    expect(response.text).toHaveLength(16_384);
    expect(requests(page).find((e) => e['endpoint'] === 'uploads.upload')?.['params']).toEqual({
      file: '(file notes.txt, 5000 bytes)',
    });
    expect(JSON.stringify(page)).not.toContain('x'.repeat(100));
  });

  it('answers only administrators: 400 for others, 401 without a session', async () => {
    const member = await logIn('member');
    const refused = await member.fetch('/json/inspector/journal');
    expect([refused.status, await refused.json()]).toEqual([
      400,
      { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' },
    ]);
    expect((await fetch(`${server.url}/json/inspector/journal`)).status).toBe(401);
    const bad = await admin.fetch('/json/inspector/journal?after=-1');
    expect(bad.status).toBe(400);
  });

  it('pages with limit: last_seq says where the next read starts', async () => {
    const first = await journal(admin, 0, 2);
    expect(first.entries).toHaveLength(2);
    expect(first.last_seq).toBe(first.entries[1]?.seq);
    const rest = await journal(admin, first.last_seq, 1000);
    expect(rest.entries[0]?.seq).toBeGreaterThan(first.last_seq);
    expect(rest.last_seq).toBeGreaterThanOrEqual(rest.entries.at(-1)?.seq ?? 0);
  });

  it('stops recording two minutes after the administrator’s last request', async () => {
    clock += 3 * 60 * 1000;
    await sdk('member').users.me();
    const before = (await journal(admin)).last_seq;
    // That read made the administrator's session live again: this one is recorded.
    await sdk('member').users.me();
    const paths = requests(await journal(admin, before)).map((e) => e['path']);
    expect(paths).toEqual(['/api/v1/users/me']);
  });
});

describe('a bounded journal', () => {
  /** An owner's journal after 12 page requests, on a memory server with `journalSize`. */
  async function journalOfSize(journalSize: number): Promise<JournalPage> {
    const small = await createMemoryServer({ seed: 5, passwords: PASSWORDS, config: { journalSize } });
    const running = await listen({ handler: small.handler });
    try {
      const jar = await logIn('owner', running.url);
      for (let i = 0; i < 12; i++) await jar.fetch('/json/users/me');
      return await journal(jar);
    } finally {
      await running.close();
    }
  }

  it('keeps the newest --journal-size entries', async () => {
    const page = await journalOfSize(5);
    expect(page.capacity).toBe(5);
    expect(page.entries).toHaveLength(5);
    expect(page.entries.map((e) => e.seq)).toEqual([...page.entries.map((e) => e.seq)].sort((a, b) => a - b));
    expect(page.last_seq).toBe(page.entries.at(-1)?.seq);
  });

  it('records nothing at all with size 0', async () => {
    expect(await journalOfSize(0)).toMatchObject({ enabled: false, capacity: 0, entries: [] });
  });
});

describe('teamchat-server --journal-size', () => {
  it('bounds the journal of the binary', async () => {
    assertFreshBuilds();
    const dir = mkdtempSync(join(tmpdir(), 'teamchat-journal-'));
    const running = await startServer(dir, { args: ['--memory', '--journal-size', '3'], waitForZuliprc: false });
    try {
      for (let tries = 0; tries < 100 && !running.output().includes('Try:'); tries++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const owner = /owner\s+(\S+)\s+key \S+\s+password (\S+)/.exec(running.output());
      const jar = new CookieJar(running.url);
      await jar.fetch('/accounts/do_confirm/nokey');
      expect(
        (await jar.fetch('/accounts/login/', { form: { username: owner?.[1] ?? '', password: owner?.[2] ?? '' } }))
          .status,
      ).toBe(200);
      for (let i = 0; i < 6; i++) await jar.fetch('/json/users/me');
      const page = (await (await jar.fetch('/json/inspector/journal')).json()) as JournalPage;
      expect([page.capacity, page.entries.length]).toEqual([3, 3]);
    } finally {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
