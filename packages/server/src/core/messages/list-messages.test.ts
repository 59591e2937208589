import { beforeAll, describe, expect, it } from 'vitest';
import { createRestHandler, type FetchHandler } from '../../rest/rest-handler.js';
import { createCore } from '../create-core.js';
import type { DemoRole } from '../seed/demo-organization.js';
import { FLAG_BITS, type MessageRecord } from '../model/records/messages.js';
import { createNarrowFixture, type NarrowFixture } from '../../../test/helpers/narrow-fixture.js';

let f: NarrowFixture;
let handler: FetchHandler;
let m: Record<string, MessageRecord>;

beforeAll(async () => {
  f = await createNarrowFixture();
  m = {
    deploy: f.post(f.channels.engineering, 'deploys', 'administrator', 'The deploy is out', {
      flags: { member: FLAG_BITS.starred },
    }),
    dm: f.dm('owner', ['member'], 'Can you check the deploy?'),
    secret: f.post(f.channels.leadership, 'plans', 'owner', 'Deploy plans'),
    empty: f.post(f.channels.general, '', 'owner', 'Nothing to see'),
  };
  handler = createRestHandler(createCore({ store: f.store, config: { realmUrl: 'http://teamchat.test' } }));
});

async function get(path: string, params: Record<string, unknown>, role: DemoRole | null = 'member') {
  const url = new URL(`http://teamchat.test/api/v1${path}`);
  for (const [key, value] of Object.entries(params))
    url.searchParams.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  const headers: Record<string, string> = {};
  if (role) headers['authorization'] = `Basic ${btoa(`${f.users[role].email}:${f.users[role].api_key}`)}`;
  const response = await handler(new Request(url, { headers }));
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { messages?: Record<string, unknown>[] },
  };
}

describe('GET /messages', () => {
  it("answers a window with the caller's flags and the window bookkeeping", async () => {
    const { status, body } = await get('/messages', {
      anchor: 'newest',
      num_before: 2,
      num_after: 0,
      narrow: [['channel', 'engineering']],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      result: 'success',
      anchor: 10_000_000_000_000_000,
      found_anchor: false,
      found_oldest: false,
      found_newest: true,
      history_limited: false,
    });
    expect(body.messages?.map((msg) => [msg['id'], msg['flags']])).toEqual([
      [6, []],
      [m['deploy']?.id, ['starred']],
    ]);
  });

  it('gives messages from before the subscription the historical flag', async () => {
    const { body } = await get(
      '/messages',
      { anchor: 'oldest', num_after: 1, narrow: [['channel', 'engineering']] },
      'moderator',
    );
    expect(body.messages?.[0]).toMatchObject({ id: 4, flags: ['read', 'historical'] });
  });

  it('adds match_content and match_subject to search results', async () => {
    const { body } = await get('/messages', {
      anchor: 'newest',
      num_before: 10,
      narrow: [{ operator: 'search', operand: 'deploy' }],
    });
    expect(body.messages?.map((msg) => [msg['id'], msg['match_content'], msg['match_subject']])).toEqual([
      [
        4,
        '<p>The 10:00 <span class="highlight">deploy</span> is out. Release notes: <a href="https://example.com/releases/42">https://example.com/releases/42</a></p>',
        '<span class="highlight">deploys</span>',
      ],
      // The topic matches too.
      [5, '<p>Looks good from here.</p>', '<span class="highlight">deploys</span>'],
      [
        m['deploy']?.id,
        '<p>The <span class="highlight">deploy</span> is out</p>',
        '<span class="highlight">deploys</span>',
      ],
      [m['dm']?.id, '<p>Can you check the <span class="highlight">deploy</span>?</p>', ''],
    ]);
  });

  it('answers message_ids: only the IDs in the narrow the caller may see, without an anchor', async () => {
    const ids = [m['secret']?.id, m['dm']?.id, 1, 4242];
    const { body } = await get('/messages', { message_ids: ids });
    expect(body.messages?.map((msg) => msg['id'])).toEqual([1, m['dm']?.id]);
    expect(body).toMatchObject({
      found_anchor: false,
      found_oldest: false,
      found_newest: false,
      history_limited: false,
    });
    expect(body).not.toHaveProperty('anchor');
    const narrowed = await get('/messages', { message_ids: ids, narrow: [['is', 'dm']] });
    expect(narrowed.body.messages?.map((msg) => msg['id'])).toEqual([m['dm']?.id]);
  });

  it('refuses message_ids with the anchor parameters, and bad windows', async () => {
    expect((await get('/messages', { message_ids: [1], anchor: 'newest' })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Unsupported parameter combination: num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
      parameters: 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
    });
    expect((await get('/messages', { num_before: 1 })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "Missing 'anchor' argument.",
    });
    expect((await get('/messages', { anchor: 'oldest', num_before: 3000, num_after: 3000 })).body).toMatchObject({
      msg: 'Too many messages requested (maximum 5000).',
    });
    expect(
      (await get('/messages', { anchor: '5', num_before: 1, num_after: 1, include_anchor: false })).body,
    ).toMatchObject({
      msg: 'The anchor can only be excluded at an end of the range',
    });
    expect((await get('/messages', { anchor: 'newest', narrow: [['foo', 'bar']] })).body).toEqual({
      result: 'error',
      code: 'BAD_NARROW',
      msg: 'Invalid narrow operator: unknown operator foo',
      desc: 'unknown operator foo',
    });
  });

  it('shows the empty topic by its display name unless the client supports empty topics', async () => {
    const narrow = [
      ['channel', 'general'],
      ['topic', 'general chat'],
    ];
    const shown = await get('/messages', { anchor: 'newest', num_before: 5, narrow });
    expect(shown.body.messages?.map((msg) => [msg['id'], msg['subject']])).toEqual([[m['empty']?.id, 'general chat']]);
    const raw = await get('/messages', { anchor: 'newest', num_before: 5, narrow, allow_empty_topic_name: true });
    expect(raw.body.messages?.map((msg) => msg['subject'])).toEqual(['']);
  });

  it('answers 401 to spectators unless the organization allows them and the narrow is web-public', async () => {
    const denied = await get(
      '/messages',
      { anchor: 'newest', num_before: 5, narrow: [['channels', 'web-public']] },
      null,
    );
    expect(denied).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    await f.store.write((db) => {
      db.patch('realm', 1, { enable_spectator_access: true });
      db.patch('channels', f.channels.general.id, { is_web_public: true });
    });
    const allowed = await get(
      '/messages',
      {
        anchor: 'newest',
        num_before: 2,
        narrow: [
          ['channels', 'web-public'],
          ['in', 'home'],
        ],
      },
      null,
    );
    expect(allowed.status).toBe(200);
    expect(allowed.body.messages?.map((msg) => [msg['stream_id'], msg['flags']])).toEqual([
      [f.channels.general.id, ['read']],
      [f.channels.general.id, ['read']],
    ]);
    const notWebPublic = await get(
      '/messages',
      {
        anchor: 'newest',
        num_before: 2,
        narrow: [
          ['channels', 'web-public'],
          ['channel', 'engineering'],
        ],
      },
      null,
    );
    expect(notWebPublic.body).toMatchObject({
      code: 'BAD_NARROW',
      msg: 'Invalid narrow operator: unknown web-public channel engineering',
    });
    const wrongOperator = await get(
      '/messages',
      {
        anchor: 'newest',
        narrow: [
          ['channels', 'web-public'],
          ['is', 'starred'],
        ],
      },
      null,
    );
    expect(wrongOperator.status).toBe(401);
    await f.store.write((db) => {
      db.patch('realm', 1, { enable_spectator_access: false });
      db.patch('channels', f.channels.general.id, { is_web_public: false });
    });
  });
});

describe('GET /messages/matches_narrow', () => {
  it('answers the received messages that match, keyed by ID, with plain HTML fields', async () => {
    const ids = [m['deploy']?.id, m['dm']?.id, m['secret']?.id, 1];
    const { body } = await get('/messages/matches_narrow', { msg_ids: ids, narrow: [['channel', 'engineering']] });
    expect(body['messages']).toEqual({
      [String(m['deploy']?.id)]: { match_content: '<p>The deploy is out</p>', match_subject: 'deploys' },
    });
  });

  it('highlights search matches and never tests history the caller did not receive', async () => {
    const ids = [4, m['deploy']?.id, m['secret']?.id];
    const moderator = await get(
      '/messages/matches_narrow',
      { msg_ids: ids, narrow: [['search', 'deploy']] },
      'moderator',
    );
    expect(moderator.body['messages']).toEqual({});
    const owner = await get('/messages/matches_narrow', { msg_ids: ids, narrow: [['search', 'plans']] }, 'owner');
    expect(owner.body['messages']).toEqual({
      [String(m['secret']?.id)]: {
        match_content: '<p>Deploy <span class="highlight">plans</span></p>',
        match_subject: '<span class="highlight">plans</span>',
      },
    });
  });

  it('answers narrow errors with BAD_NARROW', async () => {
    const { body } = await get('/messages/matches_narrow', { msg_ids: [1], narrow: [['is', 'nothing']] });
    expect(body).toMatchObject({ code: 'BAD_NARROW', msg: "Invalid narrow operator: unknown 'is' operand nothing" });
  });
});
