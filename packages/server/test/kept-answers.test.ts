// GET /users and GET /server_settings keep their answer (and its JSON bytes) between requests
// while what it is made of holds: every write that changes an answer must reach the next read,
// and each viewer keeps seeing their own answer. Over HTTP, responses checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { listen, type RunningServer } from '../src/node/node-server.js';

let server: MemoryServer;
let running: RunningServer;
const account = (role: string) => server.accounts.find((a) => a.role === role)!;
const authOf = (role: string) => `Basic ${btoa(`${account(role).email}:${account(role).apiKey}`)}`;

/** One request over HTTP; the body parsed, after checking its length header against its bytes. */
async function request(
  method: string,
  path: string,
  role: string | null,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const all: Record<string, string> = { ...headers, ...(role ? { authorization: authOf(role) } : {}) };
  const init: RequestInit = { method, headers: all };
  if (method !== 'GET') {
    all['content-type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(params).toString();
  }
  const query = method === 'GET' && Object.keys(params).length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  const response = await fetch(`${running.url}/api/v1${path}${query}`, init);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
  const body = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  expect(body['result'], JSON.stringify(body)).toBe('success');
  return body;
}

type Member = Record<string, unknown>;
async function users(role: string | null, params: Record<string, string> = {}): Promise<Member[]> {
  return (await request('GET', '/users', role, params))['members'] as Member[];
}
const memberOf = (list: Member[], role: string) => list.find((m) => m['user_id'] === account(role).userId)!;

beforeAll(async () => {
  // Responses checked: a kept JSON text that differs from its value fails the request.
  server = await createMemoryServer({ seed: 11, config: { webPublicStreamsEnabled: true } });
  running = await listen({ handler: server.handler });
});

afterAll(async () => {
  await running.close();
});

describe('GET /users kept between requests', () => {
  it('answers the same list again, then shows a rename, a role change, a new user and a deactivation', async () => {
    const first = await users('owner');
    expect(await users('owner')).toEqual(first);
    await request('PATCH', `/users/${account('member').userId}`, 'owner', { full_name: 'Renamed Member' });
    expect(memberOf(await users('owner'), 'member')['full_name']).toBe('Renamed Member');
    await request('PATCH', `/users/${account('member').userId}`, 'owner', { role: '300' });
    expect(memberOf(await users('owner'), 'member')['role']).toBe(300);
    const created = await request('POST', '/users', 'owner', {
      email: 'kept-new@teamchat.example',
      password: 'a long enough password',
      full_name: 'Kept New',
    });
    const list = await users('owner');
    expect(list.map((m) => m['user_id'])).toContain(created['user_id']);
    expect(list).toHaveLength(first.length + 1);
    await request('DELETE', `/users/${created['user_id'] as number}`, 'owner');
    expect((await users('owner')).find((m) => m['user_id'] === created['user_id'])!['is_active']).toBe(false);
  });

  it("gives each viewer their own answer, and follows a user's email visibility", async () => {
    // Everyone's addresses visible to administrators only: the owner sees them, a member does not.
    await request('PATCH', '/settings', 'guest', { email_address_visibility: '3' });
    expect(memberOf(await users('owner'), 'guest')['delivery_email']).toBe(account('guest').email);
    expect(memberOf(await users('member'), 'guest')['delivery_email']).toBeNull();
    expect(memberOf(await users('owner'), 'guest')['delivery_email']).toBe(account('guest').email);
    await request('PATCH', '/settings', 'guest', { email_address_visibility: '1' });
    expect(memberOf(await users('member'), 'guest')['delivery_email']).toBe(account('guest').email);
    // The viewer's own role decides too: a member made an administrator sees what they could not.
    await request('PATCH', '/settings', 'guest', { email_address_visibility: '3' });
    expect(memberOf(await users('moderator'), 'guest')['delivery_email']).toBeNull();
    await request('PATCH', `/users/${account('moderator').userId}`, 'owner', { role: '200' });
    expect(memberOf(await users('moderator'), 'guest')['delivery_email']).toBe(account('guest').email);
  });

  it('follows client_gravatar, and a list asked for with profile data or IDs', async () => {
    const plain = memberOf(await users('owner'), 'guest');
    const computed = memberOf(await users('owner', { client_gravatar: 'false' }), 'guest');
    expect(computed['avatar_url']).toEqual(expect.any(String));
    expect(plain['avatar_url'] === null || plain['avatar_url'] === computed['avatar_url']).toBe(true);
    const some = await users('owner', { user_ids: JSON.stringify([account('guest').userId]) });
    expect(some.map((m) => m['user_id'])).toEqual([account('guest').userId]);
    expect(memberOf(await users('owner', { include_custom_profile_fields: 'true' }), 'guest')).toHaveProperty(
      'profile_data',
    );
  });

  it('gives a guest who no longer sees everyone the others as "Unknown user", and everyone again after', async () => {
    const everyone = await users('guest');
    expect(everyone.some((m) => m['full_name'] === 'Unknown user')).toBe(false);
    const groups = (await request('GET', '/user_groups', 'owner'))['user_groups'] as Record<string, unknown>[];
    const members = groups.find((g) => g['name'] === 'role:members')!['id'] as number;
    const all = groups.find((g) => g['name'] === 'role:everyone')!['id'] as number;
    await request('PATCH', '/realm', 'owner', { can_access_all_users_group: JSON.stringify({ new: members }) });
    const restricted = await users('guest');
    expect(restricted.some((m) => m['full_name'] === 'Unknown user')).toBe(true);
    expect(restricted).toHaveLength(everyone.length);
    await request('PATCH', '/realm', 'owner', { can_access_all_users_group: JSON.stringify({ new: all }) });
    expect(await users('guest')).toEqual(everyone);
  });

  it('answers spectators once the organization allows them, and refuses them once it does not', async () => {
    await request('PATCH', '/realm', 'owner', { enable_spectator_access: 'true' });
    const seen = memberOf(await users(null), 'guest');
    expect(seen['delivery_email']).toBeNull();
    await request('PATCH', '/realm', 'owner', { enable_spectator_access: 'false' });
    const refused = await fetch(`${running.url}/api/v1/users`);
    expect(refused.status).toBe(401);
  });
});

describe('GET /server_settings kept between requests', () => {
  it('shows a new name, description and spectator access at once', async () => {
    const first = await request('GET', '/server_settings', null);
    expect(await request('GET', '/server_settings', null)).toEqual(first);
    await request('PATCH', '/realm', 'owner', { name: 'Kept Organization', description: 'Now **bold**' });
    const renamed = await request('GET', '/server_settings', null);
    expect(renamed['realm_name']).toBe('Kept Organization');
    expect(renamed['realm_description']).toBe('<p>Now <strong>bold</strong></p>');
    await request('PATCH', '/realm', 'owner', { enable_spectator_access: 'true' });
    expect((await request('GET', '/server_settings', null))['realm_web_public_access_enabled']).toBe(true);
    await request('PATCH', '/realm', 'owner', { enable_spectator_access: 'false' });
    expect((await request('GET', '/server_settings', null))['realm_web_public_access_enabled']).toBe(false);
  });

  it('answers each client by its user agent, and lists ignored parameters', async () => {
    const invalid = await request('GET', '/server_settings', null, {}, { 'user-agent': 'ZulipInvalid/1.0' });
    expect(invalid['is_incompatible']).toBe(true);
    const valid = await request('GET', '/server_settings', null, {}, { 'user-agent': 'ZulipMobile/27.0' });
    expect(valid['is_incompatible']).toBe(false);
    const ignored = await request('GET', '/server_settings', null, { bogus: '1' });
    expect(ignored['ignored_parameters_unsupported']).toEqual(['bogus']);
    expect(ignored['realm_name']).toBe(valid['realm_name']);
  });
});

describe('GET /messages/{id} kept with the message', () => {
  it('shows an edit, a flag, a reaction, a move and a deletion at once, each viewer their own flags', async () => {
    const { id } = (await request('POST', '/messages', 'member', {
      type: 'stream',
      to: 'general',
      topic: 'kept answers',
      content: 'first **text**',
    })) as { id: number };
    const one = async (role = 'owner') =>
      (await request('GET', `/messages/${id}`, role)) as { message: Record<string, unknown>; raw_content: string };
    expect((await one()).raw_content).toBe('first **text**');
    expect(await one()).toEqual(await one());
    await request('PATCH', `/messages/${id}`, 'member', { content: 'second text' });
    const edited = await one();
    expect(edited.raw_content).toBe('second text');
    expect(edited.message['content']).toBe('<p>second text</p>');
    await request('POST', '/messages/flags', 'owner', { messages: JSON.stringify([id]), op: 'add', flag: 'starred' });
    expect((await one()).message['flags']).toContain('starred');
    expect((await one('member')).message['flags']).not.toContain('starred');
    await request('POST', `/messages/${id}/reactions`, 'owner', { emoji_name: 'octopus' });
    expect((await one()).message['reactions']).toHaveLength(1);
    await request('PATCH', `/messages/${id}`, 'owner', { topic: 'kept elsewhere' });
    expect((await one()).message['subject']).toBe('kept elsewhere');
    await request('DELETE', `/messages/${id}`, 'owner');
    const gone = await fetch(`${running.url}/api/v1/messages/${id}`, { headers: { authorization: authOf('owner') } });
    expect(gone.status).toBe(400);
  });
});

describe('whole replies kept while the store is unchanged', () => {
  /** The handler's reply to a GET of the API as `role`, without HTTP: the body object shows whether it was kept. */
  const serve = (path: string, role: string | null) => {
    const mark = path.indexOf('?');
    const headers: Record<string, string> = role ? { authorization: authOf(role) } : {};
    return server.handler.serve({
      method: 'GET',
      origin: running.url,
      path: `/api/v1${mark < 0 ? path : path.slice(0, mark)}`,
      query: mark < 0 ? '' : path.slice(mark + 1),
      header: (name) => headers[name] ?? null,
      hasBody: false,
      readBytes: () => Promise.resolve(new Uint8Array(0)),
      signal: undefined,
      toRequest: () => {
        throw new Error('not asked for');
      },
    });
  };
  const text = (body: unknown) => (typeof body === 'string' ? body : new TextDecoder().decode(body as Uint8Array));

  it('gives the same bytes again, per viewer and URL, and new ones after any write', async () => {
    const first = await serve('/users/me', 'member');
    expect(first.status).toBe(200);
    const again = await serve('/users/me', 'member');
    expect(again.body).toBe(first.body);
    // Another viewer, another query: answers of their own.
    const owner = await serve('/users/me', 'owner');
    expect(owner.body).not.toBe(first.body);
    expect(JSON.parse(text(owner.body))['user_id']).toBe(account('owner').userId);
    const other = await serve('/users/me?bogus=1', 'member');
    expect(JSON.parse(text(other.body))['ignored_parameters_unsupported']).toEqual(['bogus']);
    expect((await serve('/users/me', 'member')).body).toBe(first.body);
    // A write elsewhere (the owner's own settings) changes the store: nothing kept is given again.
    await request('PATCH', '/settings', 'owner', { twenty_four_hour_time: 'true' });
    const after = await serve('/users/me', 'member');
    expect(after.body).not.toBe(first.body);
    expect(text(after.body)).toBe(text(first.body));
    expect((await serve('/users/me', 'member')).body).toBe(after.body);
  });

  it('gives kept bytes while the request journal records, each request journaled as the first was', async () => {
    const journal = server.core.services.journal;
    // An administrator's web session turns recording on (the mock's journal always records).
    journal.watch();
    expect(journal.recording).toBe(true);
    const first = await serve('/users/me?bogus=3', 'moderator');
    const again = await serve('/users/me?bogus=3', 'moderator');
    expect(again.body).toBe(first.body);
    const entries = journal
      .all()
      .filter((entry) => entry.kind === 'request' && entry.path === '/api/v1/users/me')
      .slice(-2)
      .map((entry) => {
        const { id, seq, time, latency_ms: latency, ...rest } = entry as typeof entry & { latency_ms: number };
        return { ...rest, numbers: [id, seq, time, latency].map(Number.isFinite) };
      });
    expect(entries).toHaveLength(2);
    expect(entries[1]).toEqual(entries[0]);
    expect(entries[0]).toMatchObject({
      method: 'GET',
      endpoint: 'users.me',
      user_id: account('moderator').userId,
      status: 200,
      response: { user_id: account('moderator').userId, ignored_parameters_unsupported: ['bogus'] },
    });
  });

  it('never keeps what changes without a write: the events of a queue', async () => {
    const queue = await request('POST', '/register', 'member', { event_types: JSON.stringify(['typing']) });
    const poll = async () =>
      (
        await request('GET', '/events', 'member', {
          queue_id: queue['queue_id'] as string,
          last_event_id: '-1',
          dont_block: 'true',
        })
      )['events'] as Record<string, unknown>[];
    expect(await poll()).toEqual([]);
    // A typing notification is an event, not a write: the store is as it was.
    await request('POST', '/typing', 'owner', { op: 'start', to: JSON.stringify([account('member').userId]) });
    expect((await poll()).map((event) => event['type'])).toEqual(['typing']);
  });
});

describe('GET /users/me kept between requests', () => {
  it('shows a new name, a new message, a role change and the settings of the moment', async () => {
    const me = () => request('GET', '/users/me', 'member');
    const first = await me();
    expect(await me()).toEqual(first);
    await request('PATCH', '/settings', 'member', { full_name: 'Kept Me' });
    expect((await me())['full_name']).toBe('Kept Me');
    const { id } = (await request('POST', '/messages', 'owner', {
      type: 'stream',
      to: 'general',
      topic: 'kept me',
      content: 'for the member',
    })) as { id: number };
    expect((await me())['max_message_id']).toBe(id);
    await request('PATCH', `/users/${account('member').userId}`, 'owner', { role: '300' });
    expect((await me())['role']).toBe(300);
    expect((await me())['is_admin']).toBe(false);
    await request('PATCH', `/users/${account('member').userId}`, 'owner', { role: '400' });
    expect((await me())['role']).toBe(400);
    // The server's settings changed while it runs (the mock's `configure`): the replies follow.
    const { realmUrl } = server.core.services.config;
    expect((await request('GET', '/server_settings', null))['realm_url']).toBe(realmUrl);
    expect((await request('GET', '/server_settings', null))['realm_url']).toBe(realmUrl);
    server.core.configure({ realmUrl: 'https://kept.example' });
    try {
      expect((await request('GET', '/server_settings', null))['realm_url']).toBe('https://kept.example');
    } finally {
      server.core.configure({ realmUrl });
    }
    expect((await request('GET', '/server_settings', null))['realm_url']).toBe(realmUrl);
  });
});

describe('GET /messages kept between requests', () => {
  it('shows a new message, an edit, each reader their flags, a reaction, a rename, a move and a deletion', async () => {
    const topic = 'kept narrow';
    const narrow = JSON.stringify([
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: topic },
    ]);
    const list = async (role = 'owner') =>
      (await request('GET', '/messages', role, { anchor: 'newest', num_before: '10', num_after: '0', narrow }))[
        'messages'
      ] as Record<string, unknown>[];
    const send = async (content: string) =>
      (
        (await request('POST', '/messages', 'member', { type: 'stream', to: 'general', topic, content })) as {
          id: number;
        }
      ).id;
    const first = await send('one');
    expect((await list()).map((m) => m['id'])).toEqual([first]);
    expect(await list()).toEqual(await list());
    const second = await send('two');
    expect((await list()).map((m) => m['id'])).toEqual([first, second]);
    await request('PATCH', `/messages/${first}`, 'member', { content: 'one, edited' });
    expect((await list())[0]!['content']).toBe('<p>one, edited</p>');
    await request('POST', '/messages/flags', 'owner', { messages: JSON.stringify([first]), op: 'add', flag: 'read' });
    expect((await list('owner'))[0]!['flags']).toContain('read');
    expect((await list('moderator'))[0]!['flags']).not.toContain('read');
    await request('POST', '/messages/flags', 'moderator', {
      messages: JSON.stringify([first]),
      op: 'add',
      flag: 'starred',
    });
    expect((await list('moderator'))[0]!['flags']).toContain('starred');
    expect((await list('owner'))[0]!['flags']).not.toContain('starred');
    await request('POST', `/messages/${second}/reactions`, 'owner', { emoji_name: 'octopus' });
    expect((await list())[1]!['reactions']).toHaveLength(1);
    await request('PATCH', '/settings', 'member', { full_name: 'Renamed Sender' });
    expect((await list())[1]!['sender_full_name']).toBe('Renamed Sender');
    await request('PATCH', `/messages/${second}`, 'owner', { topic: 'kept elsewhere', propagate_mode: 'change_one' });
    expect((await list()).map((m) => m['id'])).toEqual([first]);
    await request('DELETE', `/messages/${first}`, 'owner');
    expect(await list()).toEqual([]);
  });
});

/**
 * A server of its own on a clock the test moves (`clock.now`), over HTTP: `call` sends one
 * request as a demo role, parameters in the query of a GET and in a form body otherwise.
 */
async function timedServer(seed: number, start: number) {
  const clock = { now: start };
  const timed = await createMemoryServer({ seed, now: () => clock.now, monotonic: () => clock.now });
  const http = await listen({ handler: timed.handler });
  const call = async (role: string, method: string, path: string, params: Record<string, string> = {}) => {
    const found = timed.accounts.find((a) => a.role === role)!;
    const headers: Record<string, string> = { authorization: `Basic ${btoa(`${found.email}:${found.apiKey}`)}` };
    const form = new URLSearchParams(params).toString();
    const get = method === 'GET';
    if (!get) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${http.url}/api/v1${path}${get && form ? `?${form}` : ''}`, {
      method,
      headers,
      ...(get ? {} : { body: form }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** `call`, expecting a success: its body. */
  const ok = async (role: string, method: string, path: string, params: Record<string, string> = {}) => {
    const { status, body } = await call(role, method, path, params);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  return { clock, call, ok, close: () => http.close() };
}

describe('kept replies and the clock', () => {
  it('sends a scheduled message when it is due, though the narrow was kept before', async () => {
    const timed = await timedServer(12, Date.UTC(2026, 0, 5, 9));
    try {
      const narrow = JSON.stringify([{ operator: 'topic', operand: 'kept later' }]);
      const list = async () =>
        (
          (
            await timed.ok('member', 'GET', '/messages', {
              anchor: 'newest',
              num_before: '5',
              num_after: '0',
              narrow,
            })
          )['messages'] as Record<string, unknown>[]
        ).map((m) => m['content']);
      const general = (await timed.ok('member', 'GET', '/get_stream_id', { stream: 'general' }))['stream_id'];
      await timed.ok('member', 'POST', '/scheduled_messages', {
        type: 'stream',
        to: String(general),
        topic: 'kept later',
        content: 'scheduled',
        scheduled_delivery_timestamp: String(Math.floor(timed.clock.now / 1000) + 120),
      });
      expect(await list()).toEqual([]);
      timed.clock.now += 60_000;
      expect(await list()).toEqual([]);
      timed.clock.now += 61_000;
      expect(await list()).toEqual(['<p>scheduled</p>']);
    } finally {
      await timed.close();
    }
  });

  it('never keeps an answer that read the clock (a full member, by the waiting period)', async () => {
    const joined = Date.UTC(2026, 0, 5, 9);
    const timed = await timedServer(13, joined);
    try {
      const groups = (await timed.ok('owner', 'GET', '/user_groups'))['user_groups'] as Record<string, unknown>[];
      const fullMembers = groups.find((g) => g['name'] === 'role:fullmembers')!['id'] as number;
      await timed.ok('owner', 'PATCH', '/realm', {
        waiting_period_threshold: '1',
        can_access_all_users_group: JSON.stringify({ new: fullMembers }),
      });
      // A user the member shares no channel with: seen only by those who see everyone.
      const stranger = await timed.ok('owner', 'POST', '/users', {
        email: 'kept-stranger@teamchat.example',
        password: 'a long enough password',
        full_name: 'Kept Stranger',
      });
      const strangerId = stranger['user_id'] as number;
      const channels = (await timed.ok('owner', 'GET', '/streams'))['streams'] as Record<string, unknown>[];
      await timed.ok('owner', 'DELETE', '/users/me/subscriptions', {
        subscriptions: JSON.stringify(channels.map((c) => c['name'])),
        principals: JSON.stringify([strangerId]),
      });
      const seen = async () =>
        ((await timed.ok('member', 'GET', '/users'))['members'] as Record<string, unknown>[]).find(
          (m) => m['user_id'] === strangerId,
        )?.['full_name'];
      timed.clock.now = joined + 3600_000;
      expect(await seen()).toBe('Unknown user');
      expect(await seen()).toBe('Unknown user');
      // A day later the member is a full member: they see everyone, though the store is as it was.
      timed.clock.now = joined + 2 * 86_400_000;
      expect(await seen()).toBe('Kept Stranger');
      expect((await timed.call('member', 'GET', '/users/999999')).status).toBe(400);
    } finally {
      await timed.close();
    }
  });
});
