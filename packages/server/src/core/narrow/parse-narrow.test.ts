import { ApiError, type NarrowElement } from '@teamchat/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NarrowParameter } from './normalize-narrow.js';
import { parseNarrow } from './parse-narrow.js';
import { createNarrowFixture, type NarrowFixture } from '../../../test/helpers/narrow-fixture.js';

let f: NarrowFixture;
beforeAll(async () => {
  f = await createNarrowFixture();
  f.dm('owner', ['member'], 'hello');
  f.dm('moderator', ['owner', 'member'], 'group hello');
});

const parse = (
  narrow: readonly (NarrowElement | NarrowParameter)[],
  role: 'member' | 'guest' | 'owner' | null = 'member',
) => parseNarrow(f.ctx(), role === null ? null : f.users[role], narrow);

function errorOf(run: () => unknown): { code: string; msg: string; extra: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, msg: error.msg, extra: error.extra };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('parseNarrow', () => {
  it('reads both element forms and the legacy spellings of channel, topic and DMs', () => {
    const pair = parse([
      ['stream', 'GENERAL'],
      ['topic', 'Welcome'],
    ]);
    const object = parse([
      { operator: 'channel', operand: f.channels.general.id },
      { operator: 'topic', operand: 'welcome' },
    ]);
    expect(pair.terms).toEqual([
      { operator: 'channel', negated: false, channelId: f.channels.general.id },
      { operator: 'topic', negated: false, topic: 'Welcome' },
    ]);
    expect(object.terms[0]).toEqual(pair.terms[0]);
    for (const operator of ['dm', 'pm-with', 'pm_with']) {
      expect(parse([[operator, f.users.owner.email]]).terms).toEqual([
        { operator: 'dm', negated: false, recipientId: expect.any(Number) },
      ]);
    }
    expect(parse([{ operator: 'dm', operand: [f.users.owner.id] }]).terms).toEqual(
      parse([['pm-with', f.users.owner.email]]).terms,
    );
    expect(parse([['is', 'private']]).terms).toEqual([{ operator: 'is', negated: false, operand: 'dm' }]);
    expect(parse([['streams', 'public']]).terms[0]).toMatchObject({ operator: 'channels', operand: 'public' });
  });

  it('resolves every operator and keeps negation', () => {
    const parsed = parse([
      { operator: 'sender', operand: f.users.owner.id, negated: true },
      ['sender', f.users.owner.email.toUpperCase()],
      ['has', 'link'],
      ['has', 'reaction'],
      ['is', 'starred'],
      ['is', 'followed'],
      ['in', 'home'],
      { operator: 'id', operand: 3 },
      ['id', '4'],
      ['near', '12'],
      { operator: 'dm-including', operand: f.users.owner.id },
      { operator: 'group-pm-with', operand: f.users.moderator.id },
      ['group_pm_with', f.users.moderator.email],
    ]);
    expect(parsed.terms.map((t) => `${t.negated ? '-' : ''}${t.operator}`)).toEqual([
      '-sender',
      'sender',
      'has',
      'has',
      'is',
      'is',
      'in',
      'id',
      'id',
      'dm-including',
      'group-pm-with',
      'group-pm-with',
    ]);
    expect(parsed.terms[1]).toEqual({ operator: 'sender', negated: false, userId: f.users.owner.id });
    expect(parsed.terms[7]).toEqual({ operator: 'id', negated: false, messageId: 3 });
    const including = parsed.terms[9];
    expect(
      including?.operator === 'dm-including' && including.recipientIds !== 'all' && including.recipientIds.size,
    ).toBe(2);
    const group = parsed.terms[10];
    expect(group?.operator === 'group-pm-with' && group.recipientIds.size).toBe(1);
  });

  it('treats dm-including with the viewer as every DM, and a DM with oneself as the personal recipient', () => {
    expect(parse([['dm-including', f.users.member.email]]).terms).toEqual([
      { operator: 'dm-including', negated: false, recipientIds: 'all' },
    ]);
    expect(parse([{ operator: 'dm', operand: [f.users.member.id] }]).terms).toEqual([
      { operator: 'dm', negated: false, recipientId: f.users.member.recipient_id },
    ]);
  });

  it('answers a DM conversation that was never started with a term that matches nothing', () => {
    expect(parse([{ operator: 'dm', operand: [f.users.guest.id] }]).terms).toEqual([
      { operator: 'dm', negated: false, recipientId: null },
    ]);
    expect(parse([{ operator: 'dm', operand: [] }]).terms).toEqual([
      { operator: 'dm', negated: false, recipientId: null },
    ]);
  });

  it('joins every search term (ignoring negation) and drops near', () => {
    const parsed = parse([
      ['search', 'deploy'],
      { operator: 'search', operand: '"code review"', negated: true },
      ['near', '5'],
    ]);
    expect(parsed.terms).toEqual([]);
    expect(parsed.search).toEqual({
      text: 'deploy "code review"',
      stems: ['deploi', 'cod', 'review'],
      phrases: ['code review'],
    });
  });

  it("maps the empty topic's display name to the empty topic in the first topic term", () => {
    const parsed = parse([
      ['channel', 'general'],
      ['topic', 'general chat'],
      ['topic', 'general chat'],
    ]);
    expect(parsed.terms.slice(1)).toEqual([
      { operator: 'topic', negated: false, topic: '' },
      { operator: 'topic', negated: false, topic: 'general chat' },
    ]);
  });

  it('replaces with by the conversation of its message, dropping the other conversation terms', () => {
    const [welcome] = f.indexes.messages.topic(f.channels.general.id, 'welcome');
    const parsed = parse([
      ['channel', 'engineering'],
      ['topic', 'x'],
      { operator: 'with', operand: welcome ?? 0 },
      ['is', 'unread'],
    ]);
    expect(parsed.terms).toEqual([
      { operator: 'channel', negated: false, channelId: f.channels.general.id },
      { operator: 'topic', negated: false, topic: 'welcome' },
      { operator: 'is', negated: false, operand: 'unread' },
    ]);
    const dm = [...f.store.all('messages')].find((m) => m.type === 'private')?.id ?? 0;
    expect(parse([['with', String(dm)]]).terms).toEqual([
      { operator: 'dm', negated: false, recipientId: expect.any(Number) },
    ]);
  });

  it('keeps a narrow that defines a conversation when the with message is out of reach', () => {
    const dm = [...f.store.all('messages')].find((m) => m.type === 'private')?.id ?? 0;
    const parsed = parse([['channel', 'general'], ['topic', 'welcome'], { operator: 'with', operand: dm }], 'guest');
    expect(parsed.terms.map((t) => t.operator)).toEqual(['channel', 'topic']);
    expect(errorOf(() => parse([{ operator: 'with', operand: dm }], 'guest'))).toEqual({
      code: 'BAD_NARROW',
      msg: "Invalid narrow operator: Invalid 'with' operator",
      extra: { desc: "Invalid 'with' operator" },
    });
    expect(
      errorOf(() =>
        parse([
          ['channel', 'general'],
          ['with', 'abc'],
        ]),
      ).msg,
    ).toBe("Invalid narrow operator: Invalid 'with' operator");
    expect(
      errorOf(() =>
        parse([
          ['with', '1'],
          ['with', '2'],
        ]),
      ),
    ).toEqual({
      code: 'BAD_NARROW',
      msg: "Invalid narrow operator combination: Duplicate 'with' operators.",
      extra: { desc: "Duplicate 'with' operators." },
    });
  });

  it('answers unknown operators and operands with the real server BAD_NARROW messages', () => {
    const cases: [NarrowElement[], string][] = [
      [[['foo', 'bar']], 'unknown operator foo'],
      [[['channel', 'nowhere']], 'unknown channel nowhere'],
      [[{ operator: 'stream', operand: 999 }], 'unknown channel 999'],
      [[['channels', 'private']], 'unknown channels operand private'],
      [[['sender', 'nobody@teamchat.example']], 'unknown user nobody@teamchat.example'],
      [[{ operator: 'sender', operand: 999 }], 'unknown user 999'],
      [[['dm', 'nobody@teamchat.example']], 'unknown user in nobody@teamchat.example'],
      [[{ operator: 'dm', operand: [f.users.owner.id, 999] }], `unknown user in [${f.users.owner.id}, 999]`],
      [[['dm-including', 'nobody@x.y']], 'unknown user nobody@x.y'],
      [[['group-pm-with', '999']], 'unknown user 999'],
      [[['is', 'funny']], "unknown 'is' operand funny"],
      [[['has', 'cats']], "unknown 'has' operand cats"],
      [[['in', 'nowhere']], "unknown 'in' operand nowhere"],
      [[['id', 'abc']], 'Invalid message ID'],
      [[{ operator: 'id', operand: -3 }], 'Invalid message ID'],
      [[['id', '99999999999']], 'Invalid message ID'],
    ];
    for (const [narrow, desc] of cases) {
      expect(
        errorOf(() => parse(narrow)),
        desc,
      ).toEqual({ code: 'BAD_NARROW', msg: `Invalid narrow operator: ${desc}`, extra: { desc } });
    }
  });

  it('refuses a positive channel term together with a positive DM term', () => {
    const msg = 'Invalid narrow operator: No message can be both a channel message and direct message';
    expect(
      errorOf(() =>
        parse([
          ['channel', 'general'],
          ['dm', f.users.owner.email],
        ]),
      ).msg,
    ).toBe(msg);
    expect(
      errorOf(() =>
        parse([
          ['is', 'dm'],
          ['topic', 'welcome'],
        ]),
      ).msg,
    ).toBe(msg);
    expect(
      errorOf(() =>
        parse([
          ['channels', 'public'],
          ['dm-including', f.users.owner.email],
        ]),
      ).msg,
    ).toBe(msg);
    expect(
      errorOf(() =>
        parse([
          { operator: 'is', operand: 'dm', negated: true },
          { operator: 'dm', operand: [f.users.owner.id] },
        ]),
      ).msg,
    ).toBe(msg);
    // Negated terms do not count (but a negated is:dm is a channel term).
    expect(parse([{ operator: 'channel', operand: 'general', negated: true }, ['is', 'dm']]).terms).toHaveLength(2);
    expect(
      parse([['topic', 'welcome'], { operator: 'dm', operand: [f.users.owner.id], negated: true }]).terms,
    ).toHaveLength(2);
  });

  it('checks operand types like the real server', () => {
    expect(errorOf(() => parse([{ operator: 'topic', operand: 5 }]))).toEqual({
      code: 'BAD_REQUEST',
      msg: 'operand is not a string',
      extra: {},
    });
    expect(errorOf(() => parse([{ operator: 'sender', operand: [1] }])).msg).toBe('operand is not a string or integer');
    expect(errorOf(() => parse([{ operator: 'dm', operand: 5 }])).msg).toBe(
      'operand is not a string or an integer list',
    );
    expect(errorOf(() => parse([['search', '   ']])).msg).toBe('operand cannot be blank.');
    expect(errorOf(() => parse([{ operator: 'near', operand: 5 }])).msg).toBe('operand is not a string');
    // Typing comes before the operator check.
    expect(errorOf(() => parse([{ operator: 'foo', operand: 5 }])).code).toBe('BAD_REQUEST');
  });

  it('includes channel history only for a positive channel term the viewer may read, or channels:public', () => {
    expect(parse([['channel', 'engineering']], 'owner').includeHistory).toBe(true);
    expect(parse([['channel', 'engineering']], 'guest').includeHistory).toBe(false);
    expect(parse([['channel', 'leadership']], 'owner').includeHistory).toBe(false);
    expect(parse([{ operator: 'channel', operand: 'general', negated: true }]).includeHistory).toBe(false);
    expect(parse([['channels', 'public']]).includeHistory).toBe(true);
    expect(parse([['channels', 'public']], 'guest').includeHistory).toBe(false);
    expect(
      parse([
        ['channel', 'general'],
        ['is', 'starred'],
      ]).includeHistory,
    ).toBe(false);
    expect(
      parse([
        ['channel', 'general'],
        ['is', 'resolved'],
      ]).includeHistory,
    ).toBe(true);
    expect(parse([]).includeHistory).toBe(false);
  });

  it('parses a spectator narrow with history and refuses channels that are not web-public', () => {
    expect(
      errorOf(() =>
        parse(
          [
            ['channels', 'web-public'],
            ['channel', 'general'],
          ],
          null,
        ),
      ).msg,
    ).toBe('Invalid narrow operator: unknown web-public channel general');
    expect(parse([['channels', 'web-public']], null).includeHistory).toBe(true);
  });
});
