import { describe, expect, it } from 'vitest';
import { matchesNarrow } from './match-narrow.js';
import { hashOfNarrow, narrowOfHash, type NarrowNames } from './narrow.js';
import { parseSearch, searchOfNarrow } from './search-syntax.js';
import type { Message } from '../state/types.js';

const users = [
  { id: 1, email: 'olivia@teamchat.example', name: 'Olivia Owner' },
  { id: 4, email: 'mike@teamchat.example', name: 'Mike Member' },
  { id: 5, email: 'gina@teamchat.example', name: 'Gina Guest' },
];
const channels = [
  { id: 1, name: 'general' },
  { id: 2, name: 'design team' },
];
const names: NarrowNames = {
  channelName: (id) => channels.find((c) => c.id === id)?.name,
  channelId: (name) => channels.find((c) => c.name === name.toLowerCase())?.id,
  userName: (id) => users.find((u) => u.id === id)?.name,
  userEmail: (id) => users.find((u) => u.id === id)?.email,
  userId: (text) => users.find((u) => u.email === text || u.name.toLowerCase() === text.toLowerCase())?.id,
};

describe('narrow hashes', () => {
  it('writes and reads the real web app hashes of channels, topics and DMs', () => {
    const topic = [
      { operator: 'channel', operand: 2 },
      { operator: 'topic', operand: 'new release. v2' },
    ];
    const hash = hashOfNarrow(topic, names);
    expect(hash).toBe('#narrow/channel/2-design-team/topic/new.20release.2E.20v2');
    expect(narrowOfHash(hash)).toEqual(topic);
    expect(hashOfNarrow([{ operator: 'dm', operand: [4] }], names)).toBe('#narrow/dm/4-Mike-Member');
    expect(narrowOfHash('#narrow/dm/4,5-group')).toEqual([{ operator: 'dm', operand: [4, 5] }]);
  });

  it('reads the old names (stream, pm-with, subject) and negations, and anything else as the combined feed', () => {
    expect(narrowOfHash('#narrow/stream/1-general/subject/hi/-is/starred')).toEqual([
      { operator: 'channel', operand: 1 },
      { operator: 'topic', operand: 'hi' },
      { operator: 'is', operand: 'starred', negated: true },
    ]);
    expect(narrowOfHash('#narrow/pm-with/4-Mike')).toEqual([{ operator: 'dm', operand: [4] }]);
    expect(narrowOfHash('#feed')).toEqual([]);
    expect(narrowOfHash('')).toEqual([]);
    expect(hashOfNarrow([], names)).toBe('#feed');
  });
});

describe('search syntax', () => {
  it('parses operators, aliases, quoted and + operands, negation and free text', () => {
    expect(
      parseSearch(
        'stream:general topic:new+release sender:mike@teamchat.example -is:starred has:link deploy notes',
        names,
      ),
    ).toEqual([
      { operator: 'channel', operand: 1 },
      { operator: 'topic', operand: 'new release' },
      { operator: 'sender', operand: 4 },
      { operator: 'is', operand: 'starred', negated: true },
      { operator: 'has', operand: 'link' },
      { operator: 'search', operand: 'deploy notes' },
    ]);
    expect(parseSearch('channel:"design team" dm:mike@teamchat.example,gina@teamchat.example', names)).toEqual([
      { operator: 'channel', operand: 2 },
      { operator: 'dm', operand: [4, 5] },
    ]);
  });

  it('keeps unknown names as text for the server to refuse, and unknown operators as free text', () => {
    expect(parseSearch('channel:nowhere color:red', names)).toEqual([
      { operator: 'channel', operand: 'nowhere' },
      { operator: 'search', operand: 'color:red' },
    ]);
  });

  it('writes a narrow back as the text of the search box', () => {
    const terms = parseSearch('channel:general topic:new+release is:unread hello', names);
    expect(searchOfNarrow(terms, names)).toBe('channel:general topic:new+release is:unread hello');
    expect(searchOfNarrow([{ operator: 'dm', operand: [4] }], names)).toBe('dm:mike@teamchat.example');
  });
});

describe('matchesNarrow', () => {
  const message = (over: Partial<Message>): Message => ({
    id: 1,
    sender_id: 4,
    sender_full_name: 'Mike Member',
    sender_email: 'mike@teamchat.example',
    avatar_url: null,
    content: '<p>hi</p>',
    timestamp: 0,
    type: 'stream',
    stream_id: 1,
    subject: 'Deploys',
    display_recipient: 'general',
    reactions: [],
    flags: [],
    ...over,
  });

  it('tells channel, topic (any case), sender, starred and DM narrows', () => {
    expect(
      matchesNarrow(
        message({}),
        [
          { operator: 'channel', operand: 1 },
          { operator: 'topic', operand: 'deploys' },
        ],
        1,
      ),
    ).toBe(true);
    expect(matchesNarrow(message({}), [{ operator: 'channel', operand: 2 }], 1)).toBe(false);
    expect(matchesNarrow(message({}), [{ operator: 'is', operand: 'starred', negated: true }], 1)).toBe(true);
    const dm = message({
      type: 'private',
      display_recipient: [
        { id: 1, email: '', full_name: '' },
        { id: 4, email: '', full_name: '' },
      ],
    });
    expect(matchesNarrow(dm, [{ operator: 'dm', operand: [4] }], 1)).toBe(true);
    expect(matchesNarrow(dm, [{ operator: 'dm', operand: [4, 5] }], 1)).toBe(false);
  });

  it('leaves full-text search and has: to the server', () => {
    expect(matchesNarrow(message({}), [{ operator: 'search', operand: 'hi' }], 1)).toBeUndefined();
    expect(matchesNarrow(message({}), [{ operator: 'has', operand: 'link' }], 1)).toBeUndefined();
  });
});
