import { ApiError, type NarrowElement } from '@teamchat/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoRole } from '../seed/demo-organization.js';
import { FLAG_BITS } from '../model/records/messages.js';
import { LARGER_THAN_MAX_MESSAGE_ID } from './anchor.js';
import { fetchMessagesById, fetchMessageWindow, type WindowRequest } from './fetch-message-window.js';
import { parseNarrow } from './parse-narrow.js';
import { createNarrowFixture, type NarrowFixture } from '../../../test/helpers/narrow-fixture.js';
import { VISIBILITY_POLICY } from './topic-visibility.js';

let f: NarrowFixture;
/** IDs of the 20 messages of general/bulk. */
let bulk: number[];

beforeAll(async () => {
  f = await createNarrowFixture();
  bulk = Array.from({ length: 20 }, (_, i) => f.post(f.channels.general, 'bulk', 'owner', `message ${i}`).id);
});

const at = (i: number) => bulk[i] as number;

function window(
  request: Partial<WindowRequest>,
  narrow: NarrowElement[] = [
    ['channel', 'general'],
    ['topic', 'bulk'],
  ],
  role: DemoRole = 'owner',
) {
  const ctx = f.ctx();
  const user = f.users[role];
  const result = fetchMessageWindow(ctx, user, parseNarrow(ctx, user, narrow), {
    anchor: 'newest',
    numBefore: 0,
    numAfter: 0,
    includeAnchor: true,
    ...request,
  });
  return { ...result, ids: result.messages.map((message) => message.id), messages: undefined };
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.code}: ${error.msg}`;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('fetchMessageWindow', () => {
  it('answers the newest messages for anchor newest, found_newest and the 10^16 anchor', () => {
    expect(window({ anchor: 'newest', numBefore: 5, numAfter: 5 })).toEqual({
      ids: bulk.slice(15),
      messages: undefined,
      anchor: LARGER_THAN_MAX_MESSAGE_ID,
      foundAnchor: false,
      foundOldest: false,
      foundNewest: true,
      historyLimited: false,
    });
    expect(window({ anchor: 'newest', numBefore: 50 })).toMatchObject({
      ids: bulk,
      foundOldest: true,
      foundNewest: true,
    });
  });

  it('answers the oldest messages for anchor oldest, with anchor 0 and found_oldest', () => {
    expect(window({ anchor: 'oldest', numBefore: 3, numAfter: 5 })).toMatchObject({
      ids: bulk.slice(0, 5),
      anchor: 0,
      foundOldest: true,
      foundNewest: false,
      foundAnchor: false,
    });
    expect(window({ anchor: 'oldest', numAfter: 20 })).toMatchObject({ ids: bulk, foundNewest: false });
    expect(window({ anchor: 'oldest', numAfter: 21 })).toMatchObject({ ids: bulk, foundNewest: true });
  });

  it('centres on an ID anchor and reports found_anchor', () => {
    expect(window({ anchor: String(at(10)), numBefore: 3, numAfter: 3 })).toMatchObject({
      ids: bulk.slice(7, 14),
      anchor: at(10),
      foundAnchor: true,
      foundOldest: false,
      foundNewest: false,
    });
    expect(window({ anchor: at(2), numBefore: 5, numAfter: 1 })).toMatchObject({
      ids: bulk.slice(0, 4),
      foundOldest: true,
      foundNewest: false,
    });
    expect(window({ anchor: at(18), numBefore: 1, numAfter: 5 })).toMatchObject({
      ids: bulk.slice(17),
      foundOldest: false,
      foundNewest: true,
    });
  });

  it('leaves the anchor out at an end of the range when include_anchor is false', () => {
    expect(window({ anchor: at(10), numAfter: 3, includeAnchor: false })).toMatchObject({
      ids: bulk.slice(11, 14),
      foundAnchor: false,
    });
    expect(window({ anchor: at(10), numBefore: 3, includeAnchor: false })).toMatchObject({
      ids: bulk.slice(7, 10),
      foundAnchor: false,
    });
    expect(window({ anchor: at(19), numAfter: 5, includeAnchor: false })).toMatchObject({
      ids: [],
      foundNewest: true,
      foundOldest: false,
    });
  });

  it('answers the anchor alone when num_before and num_after are 0 (whatever include_anchor says)', () => {
    expect(window({ anchor: at(4) })).toMatchObject({
      ids: [at(4)],
      foundAnchor: true,
      foundOldest: false,
      foundNewest: false,
    });
    expect(window({ anchor: at(4), includeAnchor: false })).toMatchObject({ ids: [at(4)], foundAnchor: true });
    expect(window({ anchor: 'newest' })).toMatchObject({ ids: [], foundNewest: true, foundOldest: false });
    expect(window({ anchor: 'oldest' })).toMatchObject({ ids: [], foundOldest: true, foundNewest: false });
  });

  it('never reports found_newest for num_after 0, nor found_oldest for num_before 0, away from the ends', () => {
    expect(window({ anchor: at(19), numBefore: 2 })).toMatchObject({
      ids: bulk.slice(17),
      foundNewest: false,
      foundAnchor: true,
    });
    expect(window({ anchor: at(0), numAfter: 2 })).toMatchObject({ ids: bulk.slice(0, 3), foundOldest: false });
  });

  it('works around an anchor that is not in the narrow', () => {
    const [welcome] = f.indexes.messages.channel(f.channels.general.id);
    expect(window({ anchor: welcome, numBefore: 2, numAfter: 2 })).toMatchObject({
      ids: bulk.slice(0, 2),
      foundAnchor: false,
      foundOldest: true,
      foundNewest: false,
    });
  });

  it('clamps negative anchors to oldest and huge ones to newest', () => {
    expect(window({ anchor: '-5', numAfter: 2 })).toMatchObject({
      anchor: 0,
      ids: bulk.slice(0, 2),
      foundOldest: true,
    });
    expect(window({ anchor: '99999999999999999999', numBefore: 2 })).toMatchObject({
      anchor: LARGER_THAN_MAX_MESSAGE_ID,
      ids: bulk.slice(18),
      foundNewest: true,
    });
  });

  it('validates the request with the real server messages', () => {
    expect(errorOf(() => window({ anchor: undefined }))).toBe("BAD_REQUEST: Missing 'anchor' argument.");
    expect(errorOf(() => window({ anchor: 'latest' }))).toBe('BAD_REQUEST: Invalid anchor');
    expect(errorOf(() => window({ numBefore: 2500, numAfter: 2501 }))).toBe(
      'BAD_REQUEST: Too many messages requested (maximum 5000).',
    );
    expect(errorOf(() => window({ anchor: at(3), numBefore: 1, numAfter: 1, includeAnchor: false }))).toBe(
      'BAD_REQUEST: The anchor can only be excluded at an end of the range',
    );
    expect(window({ useFirstUnreadAnchor: true, anchor: undefined, numBefore: 1 }).anchor).toBe(
      LARGER_THAN_MAX_MESSAGE_ID,
    );
  });

  it('starts first_unread at the oldest unread message of the narrow', async () => {
    const g = await createNarrowFixture();
    const ids = Array.from({ length: 6 }, (_, i) => g.post(g.channels.engineering, 'work', 'owner', `w${i}`).id);
    for (const id of ids.slice(0, 3)) g.setFlags(g.store.get('messages', id) as never, 'member', FLAG_BITS.read);
    const ctx = g.ctx();
    const fetch = (narrow: NarrowElement[], request: Partial<WindowRequest> = {}) =>
      fetchMessageWindow(ctx, g.users.member, parseNarrow(ctx, g.users.member, narrow), {
        anchor: 'first_unread',
        numBefore: 1,
        numAfter: 1,
        includeAnchor: true,
        ...request,
      });
    const result = fetch([
      ['channel', 'engineering'],
      ['topic', 'work'],
    ]);
    expect(result.anchor).toBe(ids[3]);
    expect(result.messages.map((m) => m.id)).toEqual(ids.slice(2, 5));
    expect(result.foundAnchor).toBe(true);
    expect(fetch([['sender', g.users.member.email]]).anchor).toBe(LARGER_THAN_MAX_MESSAGE_ID);
    // Muted topics are skipped; a muted channel only outside its own narrow.
    g.setTopicPolicy('member', g.channels.engineering, 'work', VISIBILITY_POLICY.muted);
    const seedUnread = Array.from(g.indexes.messages.unread(g.users.member.id));
    expect(fetch([['channel', 'engineering']]).anchor).toBe(
      seedUnread.find((id) => g.store.get('messages', id)?.stream_id === g.channels.engineering.id),
    );
    g.subscribe(g.channels.general, 'member', { is_muted: true });
    const firstOutsideGeneral = seedUnread.find((id) => {
      const message = g.store.get('messages', id);
      return message?.stream_id === g.channels.engineering.id && message.topic !== 'work';
    });
    expect(fetch([]).anchor).toBe(firstOutsideGeneral);
    expect(fetch([['channel', 'general']]).anchor).toBe(seedUnread[0]);
  });

  it('searches channel history for readers of a public channel and flags nothing for them', () => {
    const moderator = window({ anchor: 'newest', numBefore: 100 }, [['channel', 'engineering']], 'moderator');
    expect(moderator.ids).toEqual(Array.from(f.indexes.messages.channel(f.channels.engineering.id)));
    expect(window({ anchor: 'newest', numBefore: 100 }, [['channel', 'engineering']], 'guest').ids).toEqual([]);
    expect(window({ anchor: 'newest', numBefore: 100 }, [], 'guest').ids).toEqual(
      Array.from(f.store.userMessages.of(f.users.guest.id).ids()),
    );
  });

  it('shows protected history only from the subscription on, and private channels only to their members', async () => {
    const g = await createNarrowFixture();
    const { leadership } = g.channels;
    const before = g.post(leadership, 'plans', 'owner', 'before Mike joined');
    g.subscribe(leadership, 'member');
    const after = g.post(leadership, 'plans', 'owner', 'after Mike joined');
    g.unsubscribe(leadership, 'member');
    const later = g.post(leadership, 'plans', 'owner', 'after Mike left');
    const ids = (role: DemoRole, narrow: NarrowElement[]) => {
      const ctx = g.ctx();
      return fetchMessageWindow(ctx, g.users[role], parseNarrow(ctx, g.users[role], narrow), {
        anchor: 'newest',
        numBefore: 50,
        numAfter: 0,
        includeAnchor: true,
      }).messages.map((m) => m.id);
    };
    expect(ids('owner', [['channel', 'leadership']])).toEqual([before.id, after.id, later.id]);
    expect(ids('member', [['channel', 'leadership']])).toEqual([after.id]);
    expect(ids('moderator', [['channel', 'leadership']])).toEqual([]);
    expect(ids('administrator', [['channels', 'public']])).not.toContain(before.id);
    const ctx = g.ctx();
    const byIds = fetchMessagesById(ctx, parseNarrow(ctx, g.users.member, []), [
      later.id,
      after.id,
      before.id,
      after.id,
      424242,
    ]);
    expect(byIds.map((m) => m.id)).toEqual([after.id]);
  });

  it('keeps direct messages to their participants', async () => {
    const g = await createNarrowFixture();
    const dm = g.dm('owner', ['member'], 'between us');
    const ctx = g.ctx();
    const ids = (role: DemoRole) =>
      fetchMessagesById(ctx, parseNarrow(ctx, g.users[role], []), [dm.id]).map((m) => m.id);
    expect(ids('member')).toEqual([dm.id]);
    expect(ids('owner')).toEqual([dm.id]);
    expect(ids('administrator')).toEqual([]);
    expect(fetchMessagesById(ctx, parseNarrow(ctx, g.users.administrator, [['channels', 'public']]), [dm.id])).toEqual(
      [],
    );
  });
});
