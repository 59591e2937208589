import type { NarrowElement } from '@teamchat/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoRole } from '../seed/demo-organization.js';
import { FLAG_BITS, type MessageRecord } from '../model/records/messages.js';
import { narrowMatcher } from './narrow-matcher.js';
import { parseNarrow } from './parse-narrow.js';
import { createNarrowFixture, type NarrowFixture } from '../../../test/helpers/narrow-fixture.js';
import { VISIBILITY_POLICY } from './topic-visibility.js';

let f: NarrowFixture;
let m: Record<string, MessageRecord>;

beforeAll(async () => {
  f = await createNarrowFixture();
  const { general, engineering } = f.channels;
  m = {
    dm: f.dm('owner', ['member'], 'Can you check the deploy checklist?', { flags: { member: FLAG_BITS.starred } }),
    reply: f.dm('member', ['owner'], 'Sure.'),
    group: f.dm('moderator', ['owner', 'member'], 'Lunch on Friday?'),
    self: f.dm('member', [], 'Note to self'),
    mention: f.post(engineering, 'deploys', 'administrator', '@**Mike Member** sign-off please', {
      flags: { member: FLAG_BITS.mentioned },
    }),
    wildcard: f.post(engineering, 'deploys', 'administrator', '@**all** heads up', {
      flags: { member: FLAG_BITS.stream_wildcard_mentioned },
    }),
    alert: f.post(engineering, 'deploys', 'administrator', 'the pager fired', {
      flags: { member: FLAG_BITS.has_alert_word | FLAG_BITS.read },
    }),
    resolved: f.post(engineering, '✔ flaky tests', 'member', 'Fixed the flaky test', {
      reactions: [
        { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: f.users.owner.id },
      ],
    }),
    files: f.post(general, 'files', 'owner', 'see attached', {
      rendered: '<p><a href="/user_uploads/2/ab/plan.pdf">plan.pdf</a> <img src="/user_uploads/2/cd/pic.png"></p>',
    }),
    link: f.post(general, 'links', 'owner', 'https://example.com'),
    empty: f.post(general, '', 'owner', 'in the empty topic'),
  };
});

function matcher(narrow: NarrowElement[], role: DemoRole = 'member') {
  return narrowMatcher(f.ctx(), parseNarrow(f.ctx(), f.users[role], narrow));
}

/** Names of the fixture messages that match. */
function matching(narrow: NarrowElement[], role: DemoRole = 'member'): string[] {
  const matches = matcher(narrow, role);
  return Object.entries(m)
    .filter(([, message]) => matches(f.store.get('messages', message.id) as MessageRecord))
    .map(([name]) => name);
}

describe('narrowMatcher', () => {
  it('matches channel, topic (case-insensitively) and sender, and their negations', () => {
    expect(
      matching([
        ['channel', 'engineering'],
        ['topic', 'DEPLOYS'],
      ]),
    ).toEqual(['mention', 'wildcard', 'alert']);
    expect(matching([['channel', 'general'], { operator: 'topic', operand: 'links', negated: true }])).toEqual([
      'files',
      'empty',
    ]);
    expect(matching([['sender', f.users.administrator.email]])).toEqual(['mention', 'wildcard', 'alert']);
    expect(matching([{ operator: 'sender', operand: f.users.member.id, negated: true }, ['is', 'dm']])).toEqual([
      'dm',
      'group',
    ]);
  });

  it('matches the empty topic through its display name', () => {
    expect(
      matching([
        ['channel', 'general'],
        ['topic', 'general chat'],
      ]),
    ).toEqual(['empty']);
  });

  it('matches a DM conversation in both directions, group conversations and self-conversations', () => {
    expect(matching([['dm', f.users.owner.email]])).toEqual(['dm', 'reply']);
    expect(matching([['dm', f.users.member.email]], 'owner')).toEqual(['dm', 'reply']);
    expect(matching([{ operator: 'dm', operand: [f.users.owner.id, f.users.moderator.id] }])).toEqual(['group']);
    expect(matching([{ operator: 'dm', operand: [f.users.member.id] }])).toEqual(['self']);
    expect(matching([['dm-including', f.users.owner.email]])).toEqual(['dm', 'reply', 'group']);
    expect(matching([['dm-including', f.users.member.email]])).toEqual(['dm', 'reply', 'group', 'self']);
    expect(matching([['group-pm-with', f.users.owner.email]])).toEqual(['group']);
    expect(matching([['is', 'dm']])).toEqual(['dm', 'reply', 'group', 'self']);
    expect(matching([{ operator: 'is', operand: 'private', negated: true }, ['channel', 'general']])).toEqual([
      'files',
      'link',
      'empty',
    ]);
  });

  it("matches the viewer's flags: starred, unread, mentioned (wildcards too), alerted", () => {
    expect(matching([['is', 'starred']])).toEqual(['dm']);
    expect(matching([['is', 'mentioned']])).toEqual(['mention', 'wildcard']);
    expect(matching([['is', 'alerted']])).toEqual(['alert']);
    expect(matching([['is', 'unread']])).toEqual(['dm', 'group', 'mention', 'wildcard', 'files', 'link', 'empty']);
    expect(matching([{ operator: 'is', operand: 'unread', negated: true }])).toEqual([
      'reply',
      'self',
      'alert',
      'resolved',
    ]);
    expect(matching([['is', 'starred']], 'owner')).toEqual([]);
  });

  it('matches resolved topics, reactions, links, images and attachments', () => {
    expect(matching([['is', 'resolved']])).toEqual(['resolved']);
    expect(matching([['has', 'reaction']])).toEqual(['resolved']);
    expect(matching([['has', 'attachment']])).toEqual(['files']);
    expect(matching([['has', 'image']])).toEqual(['files']);
    expect(matching([['has', 'link']])).toEqual(['files', 'link']);
    expect(matching([{ operator: 'has', operand: 'link', negated: true }, ['channel', 'general']])).toEqual(['empty']);
  });

  it('matches id, channels:public and in:all, and ignores near', () => {
    expect(matching([{ operator: 'id', operand: m['group']?.id ?? 0 }])).toEqual(['group']);
    expect(matching([{ operator: 'id', operand: String(m['group']?.id), negated: true }, ['is', 'dm']])).toEqual([
      'dm',
      'reply',
      'self',
    ]);
    expect(
      matching([
        ['channels', 'public'],
        ['near', '1'],
      ]),
    ).toEqual(['mention', 'wildcard', 'alert', 'resolved', 'files', 'link', 'empty']);
    expect(matching([{ operator: 'in', operand: 'all', negated: true }, ['is', 'starred']])).toEqual(['dm']);
  });

  it('matches followed and muted topics from user_topics and muted channels', async () => {
    const g = await createNarrowFixture();
    const keep = g.post(g.channels.engineering, 'deploys', 'owner', 'a');
    const mutedTopic = g.post(g.channels.engineering, 'noise', 'owner', 'b');
    const followed = g.post(g.channels.general, 'Launch', 'owner', 'c');
    const unmutedInMuted = g.post(g.channels.general, 'important', 'owner', 'd');
    const dm = g.dm('owner', ['member'], 'e');
    g.setTopicPolicy('member', g.channels.engineering, 'NOISE', VISIBILITY_POLICY.muted);
    g.setTopicPolicy('member', g.channels.general, 'launch', VISIBILITY_POLICY.followed);
    g.setTopicPolicy('member', g.channels.general, 'important', VISIBILITY_POLICY.unmuted);
    g.subscribe(g.channels.general, 'member', { is_muted: true });
    const names = new Map([
      [keep.id, 'keep'],
      [mutedTopic.id, 'mutedTopic'],
      [followed.id, 'followed'],
      [unmutedInMuted.id, 'unmutedInMuted'],
      [dm.id, 'dm'],
    ]);
    const match = (narrow: NarrowElement[]) => {
      const matches = narrowMatcher(g.ctx(), parseNarrow(g.ctx(), g.users.member, narrow));
      return [...names].filter(([id]) => matches(g.store.get('messages', id) as MessageRecord)).map(([, name]) => name);
    };
    expect(match([['is', 'followed']])).toEqual(['followed']);
    expect(match([['is', 'muted']])).toEqual(['mutedTopic']);
    expect(match([['in', 'home']])).toEqual(['keep', 'followed', 'unmutedInMuted', 'dm']);
    expect(match([{ operator: 'in', operand: 'home', negated: true }])).toEqual(['mutedTopic']);
    expect(match([{ operator: 'is', operand: 'followed', negated: true }, ['channel', 'general']])).toEqual([
      'unmutedInMuted',
    ]);
    // Followed in a muted channel is still not muted; a plain topic in it is.
    const plain = g.post(g.channels.general, 'chatter', 'owner', 'f');
    const matches = narrowMatcher(g.ctx(), parseNarrow(g.ctx(), g.users.member, [['is', 'muted']]));
    expect(matches(g.store.get('messages', plain.id) as MessageRecord)).toBe(true);
  });

  it('matches a search on words (stemmed, any case) and quoted phrases, in content or topic', () => {
    expect(matching([['search', 'FLAKY']])).toEqual(['resolved']);
    expect(matching([['search', 'tests']])).toEqual(['resolved']);
    expect(matching([['search', 'deploy checklist']])).toEqual(['dm']);
    expect(matching([['search', '"the flaky"']])).toEqual(['resolved']);
    expect(matching([['search', '"flaky fixed"']])).toEqual([]);
    expect(matching([['search', 'the']])).toEqual([]);
    expect(
      matching([
        ['channel', 'engineering'],
        ['search', 'deploys'],
      ]),
    ).toEqual(['mention', 'wildcard', 'alert']);
  });
});
