import type { NarrowElement } from '@teamchat/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoRole } from '../seed/demo-organization.js';
import { FLAG_BITS } from '../model/records/messages.js';
import { fetchMessageWindow } from './fetch-message-window.js';
import { parseNarrow } from './parse-narrow.js';
import { selectCandidates } from './select-candidates.js';
import { createNarrowFixture, type NarrowFixture } from '../../../test/helpers/narrow-fixture.js';

let f: NarrowFixture;
/** The message IDs the engine looked up (each counted once). */
let visited: Set<number>;

beforeAll(async () => {
  f = await createNarrowFixture();
  for (let i = 0; i < 200; i += 1) f.post(f.channels.general, `topic ${i % 10}`, 'owner', `filler ${i}`);
  for (let i = 0; i < 30; i += 1) f.post(f.channels.engineering, 'deploys', 'administrator', `deploy ${i}`);
  const dm = f.dm('owner', ['member'], 'psst', { flags: { member: FLAG_BITS.starred } });
  f.dm('member', ['owner'], 'yes?');
  f.setFlags(dm, 'member', FLAG_BITS.starred);
  // Nothing may read the list of all messages; count the IDs the engine looks up.
  Object.defineProperty(f.indexes.messages, 'all', {
    get() {
      throw new Error('the narrow engine scanned every message');
    },
  });
  const store = f.store;
  const get = store.get.bind(store);
  visited = new Set();
  store.get = ((collection: string, id: number) => {
    if (collection === 'messages') visited.add(id);
    return get(collection as 'messages', id);
  }) as typeof store.get;
});

function candidates(narrow: NarrowElement[], role: DemoRole = 'member') {
  const ctx = f.ctx();
  return selectCandidates(ctx, parseNarrow(ctx, f.users[role], narrow));
}

/** Runs a fetch of the newest `count` messages and answers how many messages it looked up. */
function lookups(narrow: NarrowElement[], count = 5, role: DemoRole = 'member'): { found: number; visited: number } {
  const ctx = f.ctx();
  const user = f.users[role];
  visited = new Set();
  const result = fetchMessageWindow(ctx, user, parseNarrow(ctx, user, narrow), {
    anchor: 'newest',
    numBefore: count,
    numAfter: 0,
    includeAnchor: true,
  });
  return { found: result.messages.length, visited: visited.size };
}

describe('selectCandidates', () => {
  it('answers a topic from the topic index, a channel from the channel index', () => {
    expect(
      candidates([
        ['channel', 'general'],
        ['topic', 'TOPIC 3'],
      ]),
    ).toMatchObject({ index: 'topic', size: 20 });
    expect(candidates([['channel', 'engineering']])).toMatchObject({ index: 'channel', size: 33 });
  });

  it('answers a DM conversation from the conversation index', () => {
    expect(candidates([['dm', f.users.owner.email]])).toMatchObject({ index: 'conversation', size: 2 });
    expect(candidates([['dm-including', f.users.owner.email]])).toMatchObject({ index: 'conversation', size: 2 });
    expect(candidates([{ operator: 'dm', operand: [f.users.guest.id] }])).toMatchObject({
      index: 'conversation',
      size: 0,
    });
  });

  it("answers is:unread and is:starred from the viewer's sets, id from the one message", () => {
    expect(candidates([['is', 'starred']])).toMatchObject({ index: 'starred', size: 1 });
    expect(
      candidates(
        [
          ['is', 'unread'],
          ['channel', 'general'],
        ],
        'moderator',
      ),
    ).toMatchObject({ index: 'unread' });
    expect(candidates([{ operator: 'id', operand: 5 }, ['channel', 'general']])).toMatchObject({
      index: 'id',
      lists: [[5]],
    });
  });

  it("falls back to the viewer's received messages, or the channel lists when history is included", () => {
    expect(candidates([['sender', f.users.owner.email]])).toMatchObject({ index: 'user' });
    expect(candidates([['channels', 'public']])).toMatchObject({ index: 'channels', size: 236 });
    expect(candidates([{ operator: 'channel', operand: 'general', negated: true }])).toMatchObject({ index: 'user' });
  });

  it('picks the smallest list the positive terms allow', () => {
    expect(
      candidates([
        ['channel', 'general'],
        ['is', 'starred'],
      ]),
    ).toMatchObject({ index: 'starred', size: 1 });
    expect(
      candidates([
        ['is', 'unread'],
        ['dm', f.users.owner.email],
      ]),
    ).toMatchObject({ index: 'conversation', size: 2 });
  });

  it('reads only a few candidates for common narrows, never the list of all messages', () => {
    expect(
      lookups([
        ['channel', 'general'],
        ['topic', 'topic 7'],
      ]),
    ).toEqual({ found: 5, visited: 5 });
    expect(lookups([['channel', 'engineering']])).toEqual({ found: 5, visited: 5 });
    expect(lookups([['dm', f.users.owner.email]])).toEqual({ found: 2, visited: 2 });
    expect(lookups([['is', 'starred']])).toEqual({ found: 1, visited: 1 });
    expect(lookups([['is', 'unread']], 5, 'moderator')).toEqual({ found: 5, visited: 5 });
    expect(lookups([])).toEqual({ found: 5, visited: 5 });
    expect(lookups([['channels', 'public']])).toEqual({ found: 5, visited: 5 });
    expect(lookups([{ operator: 'id', operand: 7 }])).toEqual({ found: 1, visited: 1 });
  });
});
