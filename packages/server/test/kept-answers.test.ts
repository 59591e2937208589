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
