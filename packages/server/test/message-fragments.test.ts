// Fetched messages are made from forms shared between fetches (and their JSON from cached
// fragments): every change a message shows must reach the next fetch all the same.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { listen } from '../src/node/node-server.js';
import { call } from './helpers/rest-client.js';

let server: MemoryServer;
const account = (role: string) => server.accounts.find((a) => a.role === role)!;
const as = (role: string) => ({ auth: { email: account(role).email, apiKey: account(role).apiKey } });

async function send(content: string): Promise<number> {
  const { body } = await call(server.handler, 'POST', '/messages', {
    ...as('member'),
    params: { type: 'stream', to: 'general', topic: 'fragments', content },
  });
  return body['id'] as number;
}

async function fetchOne(id: number, role = 'owner'): Promise<Record<string, unknown>> {
  const { body } = await call(server.handler, 'GET', `/messages/${id}`, as(role));
  return body['message'] as Record<string, unknown>;
}

async function fetchWindow(
  id: number,
  role = 'owner',
  params: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const { body } = await call(server.handler, 'GET', '/messages', {
    ...as(role),
    params: { anchor: String(id), num_before: '0', num_after: '0', ...params },
  });
  return (body['messages'] as Record<string, unknown>[])[0]!;
}

beforeAll(async () => {
  // Responses checked: a spliced JSON text that differs from its value fails the request.
  server = await createMemoryServer({ seed: 7 });
});

describe('fetched messages after the things they show change', () => {
  it('shows the flags of each viewer, and their changes', async () => {
    const id = await send('flags');
    const senderFlags = (await fetchOne(id, 'member'))['flags'];
    expect((await fetchOne(id, 'owner'))['flags']).toEqual([]);
    await call(server.handler, 'POST', '/messages/flags', {
      ...as('owner'),
      params: { messages: JSON.stringify([id]), op: 'add', flag: 'starred' },
    });
    expect((await fetchWindow(id, 'owner'))['flags']).toEqual(['starred']);
    expect((await fetchWindow(id, 'member'))['flags']).toEqual(senderFlags);
  });

  it('shows an edit, a reaction and a move', async () => {
    const id = await send('before');
    await fetchWindow(id);
    await call(server.handler, 'PATCH', `/messages/${id}`, { ...as('member'), params: { content: 'after' } });
    expect((await fetchWindow(id))['content']).toBe('<p>after</p>');
    expect((await fetchWindow(id))['edit_history']).toHaveLength(1);
    // An organization setting: who may see the edit history.
    await call(server.handler, 'PATCH', '/realm', {
      ...as('owner'),
      params: { message_edit_history_visibility_policy: 'none' },
    });
    expect((await fetchWindow(id))['edit_history']).toBeUndefined();
    await call(server.handler, 'PATCH', '/realm', {
      ...as('owner'),
      params: { message_edit_history_visibility_policy: 'all' },
    });
    await call(server.handler, 'POST', `/messages/${id}/reactions`, {
      ...as('owner'),
      params: { emoji_name: 'octopus' },
    });
    expect(((await fetchOne(id))['reactions'] as unknown[]).length).toBe(1);
    await call(server.handler, 'PATCH', `/messages/${id}`, { ...as('owner'), params: { topic: 'moved here' } });
    const moved = await fetchWindow(id);
    expect(moved['subject']).toBe('moved here');
    expect(moved['last_moved_timestamp']).toEqual(expect.any(Number));
  });

  it("shows the sender's new name and the channel's new name", async () => {
    const id = await send('names');
    const before = await fetchWindow(id);
    await call(server.handler, 'PATCH', `/users/${account('member').userId}`, {
      ...as('owner'),
      params: { full_name: 'Renamed Member' },
    });
    expect((await fetchWindow(id))['sender_full_name']).toBe('Renamed Member');
    await call(server.handler, 'PATCH', `/streams/${before['stream_id'] as number}`, {
      ...as('owner'),
      params: { new_name: 'general-renamed' },
    });
    expect((await fetchWindow(id))['display_recipient']).toBe('general-renamed');
    await call(server.handler, 'PATCH', `/streams/${before['stream_id'] as number}`, {
      ...as('owner'),
      params: { new_name: 'general' },
    });
  });

  it('follows the options of each fetch and the linkifiers of the organization', async () => {
    const { body } = await call(server.handler, 'POST', '/messages', {
      ...as('member'),
      params: { type: 'stream', to: 'general', topic: 'issue ZZ-7', content: '**bold** ZZ-123' },
    });
    const id = body['id'] as number;
    expect((await fetchWindow(id))['content']).toBe('<p><strong>bold</strong> ZZ-123</p>');
    expect((await fetchWindow(id, 'owner', { apply_markdown: 'false' }))['content']).toBe('**bold** ZZ-123');
    expect((await fetchWindow(id))['topic_links']).toEqual([]);
    await call(server.handler, 'POST', '/realm/filters', {
      ...as('owner'),
      params: { pattern: 'ZZ-(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' },
    });
    expect((await fetchWindow(id))['topic_links']).toEqual([{ text: 'ZZ-7', url: 'https://tracker.example/7' }]);
  });

  it('answers lists as UTF-8 bytes over HTTP, whatever the text', async () => {
    const first = await send('héllo 🐙 世界 "quoted" \\ back');
    const second = await send('plain');
    const query = `anchor=${first}&num_before=0&num_after=1`;
    const { status, body } = await call(server.handler, 'GET', `/messages?${query}`, as('owner'));
    expect(status).toBe(200);
    const messages = body['messages'] as Record<string, unknown>[];
    expect(messages.map((m) => m['id'])).toEqual([first, second]);
    expect(messages[0]!['content']).toMatch(/^<p>héllo <span aria-label="octopus".* 世界 "quoted" \\ back<\/p>$/);
    // The envelope around the bytes: its own keys before, the window's after.
    expect(body['result']).toBe('success');
    expect(body['found_anchor']).toBe(true);

    const running = await listen({ handler: server.handler });
    try {
      const auth = `Basic ${btoa(`${account('owner').email}:${account('owner').apiKey}`)}`;
      const response = await fetch(`${running.url}/api/v1/messages?${query}`, { headers: { authorization: auth } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(body);
    } finally {
      await running.close();
    }
  });
});
