import type { Client } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import type { NarrowElement } from '@teamchat/schema';
import { expect } from 'vitest';
import { failure, scenario, type Scenario, type ScenarioContext } from '../../harness.js';

/** The demo data: general/welcome 1–3, engineering/deploys 4–5, engineering/code review 6. */
const WELCOME = [1, 2, 3];
const NEWEST = '10000000000000000';

type Window = Awaited<ReturnType<Client['messages']['list']>>;

const idsOf = (result: Window) => result.messages.map((m) => m.id);

/** Sends a message as `role` and answers its ID. */
async function send(
  t: ScenarioContext,
  role: DemoRole,
  to: string | number[],
  content: string,
  topic?: string,
): Promise<number> {
  const client = t.client(role);
  const { id } =
    typeof to === 'string'
      ? await client.messages.send({ type: 'stream', to, topic: topic ?? 'test', content })
      : await client.messages.send({ type: 'private', to, content });
  return id;
}

/** The newest `count` messages of a narrow as `role` sees them. */
async function newest(t: ScenarioContext, role: DemoRole, narrow: NarrowElement[], count = 100): Promise<number[]> {
  return idsOf(await t.client(role).messages.list({ anchor: 'newest', num_before: count, num_after: 0, narrow }));
}

async function channelId(t: ScenarioContext, name: string): Promise<number> {
  const { streams } = await t.client('owner').channels.list({ include_all: true });
  const channel = streams.find((s) => s.name === name);
  if (!channel) throw new Error(`no channel ${name}`);
  return channel.stream_id;
}

/** Scenarios of the narrow engine: GET /messages and GET /messages/matches_narrow. */
export const narrowScenarios: Scenario[] = [
  scenario(
    'messages: narrows, channel, topic and sender in both element forms, by name or ID, with negation',
    async (t) => {
      const general = await channelId(t, 'general');
      const pairs = await newest(t, 'member', [
        ['stream', 'GENERAL'],
        ['topic', 'Welcome'],
      ]);
      const objects = await newest(t, 'member', [
        { operator: 'channel', operand: general },
        { operator: 'topic', operand: 'welcome' },
      ]);
      expect(pairs).toEqual(WELCOME);
      expect(objects).toEqual(WELCOME);
      const sender = await newest(t, 'member', [['sender', t.accounts.owner.email]]);
      const senderById = await newest(t, 'member', [{ operator: 'sender', operand: t.accounts.owner.userId }]);
      expect(sender).toEqual([1, 6]);
      expect(senderById).toEqual(sender);
      const notMine = await newest(t, 'member', [
        ['channel', 'general'],
        { operator: 'sender', operand: t.accounts.member.email, negated: true },
      ]);
      expect(notMine).toEqual([1, 3]);
      const notGeneral = await newest(t, 'member', [{ operator: 'channel', operand: 'general', negated: true }]);
      expect(notGeneral).toEqual([4, 5, 6]);
      const publicChannels = await newest(t, 'moderator', [['channels', 'public']]);
      expect(publicChannels).toEqual([1, 2, 3, 4, 5, 6]);
      const near = await newest(t, 'member', [
        ['channel', 'engineering'],
        ['near', '5'],
        ['topic', 'code review'],
      ]);
      expect(near).toEqual([6]);
      const full = await t
        .client('member')
        .messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [['topic', 'code review']] });
      expect(full.messages[0]).toMatchObject({
        id: 6,
        subject: 'code review',
        display_recipient: 'engineering',
        flags: [],
      });
      return { pairs, objects, sender, notMine, notGeneral, publicChannels, near, full };
    },
  ),

  scenario(
    'messages: narrows, direct-message operators in both directions, groups and self-conversations',
    async (t) => {
      const { owner, member, moderator } = t.accounts;
      const dm = await send(t, 'owner', [member.userId], 'Hi Mike, can you check the deploy checklist?');
      const reply = await send(t, 'member', [owner.userId], 'Sure, on it.');
      const group = await send(t, 'moderator', [owner.userId, member.userId], 'Lunch on Friday?');
      const self = await send(t, 'member', [member.userId], 'Note to self.');
      const views = {
        dm: await newest(t, 'member', [['dm', owner.email]]),
        dmByIds: await newest(t, 'member', [{ operator: 'dm', operand: [owner.userId] }]),
        ownerSide: await newest(t, 'owner', [['pm-with', member.email]]),
        groupDm: await newest(t, 'member', [{ operator: 'dm', operand: [owner.userId, moderator.userId] }]),
        selfDm: await newest(t, 'member', [{ operator: 'dm', operand: [member.userId] }]),
        including: await newest(t, 'member', [['dm-including', owner.email]]),
        includingSelf: await newest(t, 'member', [{ operator: 'dm-including', operand: member.userId }]),
        groupPmWith: await newest(t, 'member', [['group-pm-with', owner.email]]),
        isDm: await newest(t, 'member', [['is', 'dm']]),
        isPrivate: await newest(t, 'member', [['is', 'private']]),
        notDm: await newest(t, 'member', [{ operator: 'is', operand: 'dm', negated: true }]),
        neverStarted: await newest(t, 'member', [{ operator: 'dm', operand: [t.accounts.guest.userId] }]),
      };
      expect(views.dm).toEqual([dm, reply]);
      expect(views.dmByIds).toEqual([dm, reply]);
      expect(views.ownerSide).toEqual([dm, reply]);
      expect(views.groupDm).toEqual([group]);
      expect(views.selfDm).toEqual([self]);
      expect(views.including).toEqual([dm, reply, group]);
      expect(views.includingSelf).toEqual([dm, reply, group, self]);
      expect(views.groupPmWith).toEqual([group]);
      expect(views.isDm).toEqual([dm, reply, group, self]);
      expect(views.isPrivate).toEqual(views.isDm);
      expect(views.notDm).toEqual([1, 2, 3, 4, 5, 6]);
      expect(views.neverStarted).toEqual([]);
      const combination = await failure(
        t.client('member').messages.list({
          anchor: 'newest',
          num_before: 5,
          num_after: 0,
          narrow: [
            ['channel', 'general'],
            ['dm', owner.email],
          ],
        }),
      );
      expect(combination).toMatchObject({
        code: 'BAD_NARROW',
        status: 400,
        msg: 'Invalid narrow operator: No message can be both a channel message and direct message',
      });
      const messages = await t
        .client('member')
        .messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [['is', 'dm']] });
      expect(messages.messages[0]).toMatchObject({
        id: self,
        type: 'private',
        subject: '',
        display_recipient: [{ id: member.userId }],
      });
      return { views, combination, messages };
    },
  ),

  scenario("messages: narrows, is: and has: operators follow the caller's flags and the messages", async (t) => {
    const mention = await send(
      t,
      'owner',
      'engineering',
      '@**Mike Member** please check https://example.com/checklist',
      'deploys',
    );
    const resolved = await send(t, 'administrator', 'engineering', 'The flaky test is fixed.', '✔ flaky tests');
    await t.client('member').messages.updateFlags({ messages: [4], op: 'add', flag: 'starred' });
    await t.client('member').messages.updateFlags({ messages: [1], op: 'add', flag: 'read' });
    const views = {
      starred: await newest(t, 'member', [['is', 'starred']]),
      notStarred: await newest(t, 'member', [
        { operator: 'is', operand: 'starred', negated: true },
        ['channel', 'engineering'],
      ]),
      unread: await newest(t, 'member', [['is', 'unread']]),
      read: await newest(t, 'member', [{ operator: 'is', operand: 'unread', negated: true }]),
      mentioned: await newest(t, 'member', [['is', 'mentioned']]),
      resolved: await newest(t, 'member', [['is', 'resolved']]),
      link: await newest(t, 'member', [['has', 'link']]),
      noLink: await newest(t, 'member', [
        { operator: 'has', operand: 'link', negated: true },
        ['channel', 'engineering'],
      ]),
      image: await newest(t, 'member', [['has', 'image']]),
      attachment: await newest(t, 'member', [['has', 'attachment']]),
      reaction: await newest(t, 'member', [['has', 'reaction']]),
      followed: await newest(t, 'member', [['is', 'followed']]),
      home: await newest(t, 'member', [['in', 'home']]),
      id: await newest(t, 'member', [{ operator: 'id', operand: 5 }]),
    };
    expect(views.starred).toEqual([4]);
    expect(views.notStarred).toEqual([5, 6, mention, resolved]);
    expect(views.unread).toEqual([3, 4, 6, mention, resolved]);
    expect(views.read).toEqual([1, 2, 5]);
    // is:mentioned agrees with the mention flags that sending set (personal or wildcard).
    const all = await t.client('member').messages.list({ anchor: 'newest', num_before: 100, num_after: 0 });
    const flagged = all.messages
      .filter((m) => m.flags?.some((flag) => flag === 'mentioned' || flag === 'wildcard_mentioned'))
      .map((m) => m.id);
    expect(views.mentioned).toEqual(flagged);
    expect(views.resolved).toEqual([resolved]);
    expect(views.link).toEqual([4, mention]);
    expect(views.noLink).toEqual([5, 6, resolved]);
    expect(views.image).toEqual([]);
    expect(views.attachment).toEqual([]);
    expect(views.reaction).toEqual([]);
    expect(views.followed).toEqual([]);
    expect(views.home).toEqual([1, 2, 3, 4, 5, 6, mention, resolved]);
    expect(views.id).toEqual([5]);
    const flags = await t.client('member').messages.list({ anchor: '4', num_before: 0, num_after: 0, narrow: [] });
    expect(flags.messages[0]?.flags).toEqual(['starred']);
    return { views, flags };
  }),

  scenario('messages: narrows, search matches words and phrases and highlights them', async (t) => {
    const notes = await send(
      t,
      'member',
      'general',
      'The deploy of release 42 is done. See <the> notes & more.',
      'Release notes',
    );
    const search = async (narrow: NarrowElement[]) =>
      (await t.client('member').messages.list({ anchor: 'newest', num_before: 10, num_after: 0, narrow })).messages.map(
        (m) => ({
          id: m.id,
          match_content: m.match_content,
          match_subject: m.match_subject,
        }),
      );
    const results = {
      deploy: await search([['search', 'deployed']]),
      phrase: await search([['search', '"release 42"']]),
      phraseMissing: await search([['search', '"42 release"']]),
      topic: await search([
        ['channel', 'general'],
        ['search', 'NOTES'],
      ]),
      joined: await search([
        ['search', 'release'],
        ['search', 'done'],
      ]),
      stopWords: await search([['search', 'the']]),
    };
    expect(results.deploy.map((r) => r.id)).toEqual([4, 5, notes]);
    expect(results.deploy[2]).toEqual({
      id: notes,
      match_content:
        '<p>The <span class="highlight">deploy</span> of release 42 is done. See &lt;the&gt; notes &amp; more.</p>',
      match_subject: 'Release notes',
    });
    expect(results.phrase.map((r) => r.id)).toEqual([notes]);
    expect(results.phraseMissing).toEqual([]);
    expect(results.topic).toEqual([
      {
        id: notes,
        match_content:
          '<p>The deploy of release 42 is done. See &lt;the&gt; <span class="highlight">notes</span> &amp; more.</p>',
        match_subject: 'Release <span class="highlight">notes</span>',
      },
    ]);
    expect(results.joined.map((r) => r.id)).toEqual([notes]);
    expect(results.stopWords).toEqual([]);
    const plain = await t
      .client('member')
      .messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [['channel', 'general']] });
    expect(plain.messages[0]).not.toHaveProperty('match_content');
    const blank = await failure(
      t.client('member').messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [['search', '  ']] }),
    );
    expect(blank).toMatchObject({ code: 'BAD_REQUEST', msg: 'operand cannot be blank.' });
    return { results, blank };
  }),

  scenario('messages: narrows, anchors, include_anchor and the found flags', async (t) => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await send(t, 'owner', 'general', `page ${i}`, 'paging'));
    const at = (i: number) => ids[i] as number;
    const member = t.client('member');
    const narrow: NarrowElement[] = [
      ['channel', 'general'],
      ['topic', 'paging'],
    ];
    const window = async (anchor: string, num_before: number, num_after: number, include_anchor = true) => {
      const result = await member.messages.list({ anchor, num_before, num_after, include_anchor, narrow });
      const { messages: _messages, ...flags } = result;
      return { ids: idsOf(result), ...flags };
    };
    await member.messages.updateFlags({ messages: ids.slice(0, 3), op: 'add', flag: 'read' });
    const windows = {
      newest: await window('newest', 3, 3),
      oldest: await window('oldest', 3, 3),
      middle: await window(String(at(4)), 2, 2),
      afterOnly: await window(String(at(4)), 0, 2, false),
      beforeOnly: await window(String(at(4)), 2, 0, false),
      anchorOnly: await window(String(at(4)), 0, 0),
      firstUnread: await window('first_unread', 1, 2),
      allAfterOldest: await window('oldest', 0, 8),
      allBeforeNewest: await window('newest', 8, 0),
      pastTheEnd: await window(String(at(7)), 1, 5),
      negative: await window('-5', 0, 2),
      huge: await window('99999999999999999999', 2, 0),
    };
    expect(windows.newest).toMatchObject({
      ids: ids.slice(5),
      anchor: Number(NEWEST),
      found_anchor: false,
      found_oldest: false,
      found_newest: true,
      history_limited: false,
    });
    expect(windows.oldest).toMatchObject({ ids: ids.slice(0, 3), anchor: 0, found_oldest: true, found_newest: false });
    expect(windows.middle).toMatchObject({
      ids: ids.slice(2, 7),
      anchor: at(4),
      found_anchor: true,
      found_oldest: false,
      found_newest: false,
    });
    expect(windows.afterOnly).toMatchObject({ ids: ids.slice(5, 7), found_anchor: false });
    expect(windows.beforeOnly).toMatchObject({ ids: ids.slice(2, 4), found_anchor: false });
    expect(windows.anchorOnly).toMatchObject({
      ids: [at(4)],
      found_anchor: true,
      found_oldest: false,
      found_newest: false,
    });
    expect(windows.firstUnread).toMatchObject({ ids: ids.slice(2, 6), anchor: at(3), found_anchor: true });
    expect(windows.allAfterOldest).toMatchObject({ ids, found_oldest: true, found_newest: false });
    expect(windows.allBeforeNewest).toMatchObject({ ids, found_oldest: false, found_newest: true });
    expect(windows.pastTheEnd).toMatchObject({ ids: ids.slice(6), found_newest: true });
    expect(windows.negative).toMatchObject({ anchor: 0, ids: ids.slice(0, 2) });
    expect(windows.huge).toMatchObject({ anchor: Number(NEWEST), ids: ids.slice(6) });
    const raw = await t.raw('GET', '/messages', {
      role: 'member',
      params: { anchor: 'newest', num_before: '1', num_after: '0' },
    });
    expect((raw.body as { anchor: number }).anchor).toBe(Number(NEWEST));
    const errors = {
      tooMany: await failure(member.messages.list({ anchor: 'newest', num_before: 2500, num_after: 2501, narrow })),
      excluded: await failure(
        member.messages.list({ anchor: String(at(2)), num_before: 1, num_after: 1, include_anchor: false, narrow }),
      ),
      missing: await failure(member.messages.list({ num_before: 1, num_after: 0 })),
      invalid: (
        await t.raw('GET', '/messages', {
          role: 'member',
          params: { anchor: 'latest', num_before: '1', num_after: '0' },
        })
      ).body,
    };
    expect(errors.tooMany).toMatchObject({ code: 'BAD_REQUEST', msg: 'Too many messages requested (maximum 5000).' });
    expect(errors.excluded).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'The anchor can only be excluded at an end of the range',
    });
    expect(errors.missing).toMatchObject({ code: 'BAD_REQUEST', msg: "Missing 'anchor' argument." });
    expect(errors.invalid).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid anchor' });
    return { windows, errors };
  }),

  scenario('messages: narrows, message_ids answers the listed messages in the narrow', async (t) => {
    const dm = await send(t, 'owner', [t.accounts.administrator.userId], 'Only for Adam.');
    const member = t.client('member');
    const all = await member.messages.list({ message_ids: [6, 1, dm, 4242, 3, 1] });
    expect(idsOf(all)).toEqual([1, 3, 6]);
    expect(all).toMatchObject({
      found_anchor: false,
      found_oldest: false,
      found_newest: false,
      history_limited: false,
    });
    expect(all).not.toHaveProperty('anchor');
    const narrowed = await member.messages.list({ message_ids: [1, 3, 6], narrow: [['channel', 'general']] });
    expect(idsOf(narrowed)).toEqual([1, 3]);
    const historical = await t
      .client('moderator')
      .messages.list({ message_ids: [4, 5], narrow: [['channel', 'engineering']] });
    expect(historical.messages.map((m) => m.flags)).toEqual([
      ['read', 'historical'],
      ['read', 'historical'],
    ]);
    const mixed = await failure(member.messages.list({ message_ids: [1], anchor: 'newest' }));
    expect(mixed).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Unsupported parameter combination: num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
      extra: { parameters: 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor' },
    });
    return { all, narrowed, historical, mixed };
  }),

  scenario('messages: narrows, unknown operators and bad operands answer BAD_NARROW or BAD_REQUEST', async (t) => {
    const member = t.client('member');
    const list = (narrow: NarrowElement[]) =>
      failure(member.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow }));
    const errors = {
      operator: await list([['color', 'blue']]),
      channel: await list([['channel', 'nowhere']]),
      channelId: await list([{ operator: 'stream', operand: 999 }]),
      channels: await list([['channels', 'private']]),
      user: await list([['sender', 'nobody@teamchat.example']]),
      dmUser: await list([{ operator: 'dm', operand: [t.accounts.owner.userId, 999] }]),
      isOperand: await list([['is', 'funny']]),
      hasOperand: await list([['has', 'cats']]),
      id: await list([['id', 'abc']]),
      withDuplicate: await list([
        ['with', '1'],
        ['with', '2'],
      ]),
      withInvalid: await list([['with', 'abc']]),
      typed: await list([{ operator: 'topic', operand: 5 }]),
      typedId: await list([{ operator: 'sender', operand: [1] }]),
    };
    for (const error of Object.values(errors).slice(0, 11))
      expect(error).toMatchObject({ code: 'BAD_NARROW', status: 400 });
    expect(errors.operator).toMatchObject({
      msg: 'Invalid narrow operator: unknown operator color',
      extra: { desc: 'unknown operator color' },
    });
    expect(errors.channel.msg).toBe('Invalid narrow operator: unknown channel nowhere');
    expect(errors.channelId.msg).toBe('Invalid narrow operator: unknown channel 999');
    expect(errors.channels.msg).toBe('Invalid narrow operator: unknown channels operand private');
    expect(errors.user.msg).toBe('Invalid narrow operator: unknown user nobody@teamchat.example');
    expect(errors.dmUser.msg).toBe(`Invalid narrow operator: unknown user in [${t.accounts.owner.userId}, 999]`);
    expect(errors.isOperand.msg).toBe("Invalid narrow operator: unknown 'is' operand funny");
    expect(errors.hasOperand.msg).toBe("Invalid narrow operator: unknown 'has' operand cats");
    expect(errors.id.msg).toBe('Invalid narrow operator: Invalid message ID');
    expect(errors.withDuplicate.msg).toBe("Invalid narrow operator combination: Duplicate 'with' operators.");
    expect(errors.withInvalid.msg).toBe("Invalid narrow operator: Invalid 'with' operator");
    expect(errors.typed).toMatchObject({ code: 'BAD_REQUEST', msg: 'operand is not a string' });
    expect(errors.typedId).toMatchObject({ code: 'BAD_REQUEST', msg: 'operand is not a string or integer' });
    const wire = await t.raw('GET', '/messages', {
      role: 'member',
      params: { anchor: 'newest', num_before: '1', num_after: '0', narrow: '[{"operator":"foo","operand":"x"}]' },
    });
    expect(wire).toMatchObject({
      status: 400,
      body: {
        result: 'error',
        code: 'BAD_NARROW',
        msg: 'Invalid narrow operator: unknown operator foo',
        desc: 'unknown operator foo',
      },
    });
    return { errors, wire };
  }),

  scenario(
    'messages: narrows, access — DMs for participants, private channels for subscribers, guests, spectators',
    async (t) => {
      const { owner, administrator } = t.accounts;
      const secret = await t.client('owner').channels.create({
        name: 'leadership',
        subscribers: [owner.userId, administrator.userId],
        invite_only: true,
        history_public_to_subscribers: false,
      });
      const plan = await send(t, 'owner', 'leadership', 'Reorg plans.', 'plans');
      const dm = await send(t, 'owner', [administrator.userId], 'Between us.');
      const views = {
        ownerSecret: await newest(t, 'owner', [['channel', 'leadership']]),
        memberSecret: await newest(t, 'member', [['channel', 'leadership']]),
        memberSecretById: await newest(t, 'member', [{ operator: 'channel', operand: secret.id }]),
        memberAll: await newest(t, 'member', []),
        memberSearch: await newest(t, 'member', [['search', 'plans']]),
        memberDm: await newest(t, 'member', [['dm', owner.email]]),
        memberPublic: await newest(t, 'member', [['channels', 'public']]),
        guestEngineering: await newest(t, 'guest', [['channel', 'engineering']]),
        guestAll: await newest(t, 'guest', []),
        guestPublic: await newest(t, 'guest', [['channels', 'public']]),
        moderatorEngineering: await newest(t, 'moderator', [['channel', 'engineering']]),
      };
      // The channel's own "channel events" notice comes first, then the plan.
      expect(views.ownerSecret).toEqual([plan - 1, plan]);
      expect(views.memberSecret).toEqual([]);
      expect(views.memberSecretById).toEqual([]);
      expect(views.memberAll).toEqual([1, 2, 3, 4, 5, 6]);
      expect(views.memberSearch).toEqual([]);
      expect(views.memberDm).toEqual([]);
      expect(views.memberPublic).toEqual([1, 2, 3, 4, 5, 6]);
      expect(views.guestEngineering).toEqual([]);
      expect(views.guestAll).toEqual(WELCOME);
      expect(views.guestPublic).toEqual(WELCOME);
      expect(views.moderatorEngineering).toEqual([4, 5, 6]);
      const byIds = {
        member: idsOf(await t.client('member').messages.list({ message_ids: [plan, dm, 4] })),
        guest: idsOf(await t.client('guest').messages.list({ message_ids: [plan, dm, 1, 4] })),
      };
      expect(byIds).toEqual({ member: [4], guest: [1] });
      const withHidden = await failure(
        t.client('member').messages.list({
          anchor: 'newest',
          num_before: 5,
          num_after: 0,
          narrow: [{ operator: 'with', operand: plan }],
        }),
      );
      const withDm = await failure(
        t.client('member').messages.list({
          anchor: 'newest',
          num_before: 5,
          num_after: 0,
          narrow: [{ operator: 'with', operand: dm }],
        }),
      );
      expect(withHidden.msg).toBe("Invalid narrow operator: Invalid 'with' operator");
      expect(withDm.msg).toBe(withHidden.msg);
      const matches = await t.client('member').messages.matchesNarrow({ msg_ids: [plan, dm, 4], narrow: [] });
      expect(Object.keys(matches.messages)).toEqual(['4']);
      const spectator = await t.raw('GET', '/messages', {
        params: { anchor: 'newest', num_before: '5', num_after: '0', narrow: '[["channels","web-public"]]' },
      });
      expect(spectator).toMatchObject({
        status: 401,
        headers: { 'www-authenticate': 'Basic realm="zulip"' },
        body: { code: 'UNAUTHORIZED' },
      });
      const anonymousNarrow = await t.raw('GET', '/messages', {
        params: { anchor: 'newest', num_before: '5', num_after: '0' },
      });
      expect(anonymousNarrow.status).toBe(401);
      const matchesAnonymous = await t.raw('GET', '/messages/matches_narrow', {
        params: { msg_ids: '[1]', narrow: '[]' },
      });
      expect(matchesAnonymous.status).toBe(401);
      return { views, byIds, withHidden, matches, spectator };
    },
  ),

  scenario('messages: narrows, matches_narrow keys the received matching messages by ID', async (t) => {
    const notes = await send(t, 'owner', 'general', 'Deploy notes: all green.', 'deploys');
    const member = t.client('member');
    const plain = await member.messages.matchesNarrow({
      msg_ids: [1, 2, 4, notes, 4242],
      narrow: [['channel', 'general']],
    });
    expect(plain.messages).toEqual({
      '1': {
        match_content: '<p>Welcome to <strong>Teamchat Demo</strong>! Say hello in this topic.</p>',
        match_subject: 'welcome',
      },
      '2': { match_content: expect.stringContaining('Hello everyone') as unknown as string, match_subject: 'welcome' },
      [String(notes)]: { match_content: '<p>Deploy notes: all green.</p>', match_subject: 'deploys' },
    });
    const searched = await member.messages.matchesNarrow({ msg_ids: [4, 5, notes], narrow: [['search', 'deploy']] });
    expect(searched.messages).toEqual({
      '4': {
        match_content:
          '<p>The 10:00 <span class="highlight">deploy</span> is out. Release notes: <a href="https://example.com/releases/42">https://example.com/releases/42</a></p>',
        match_subject: '<span class="highlight">deploys</span>',
      },
      '5': { match_content: '<p>Looks good from here.</p>', match_subject: '<span class="highlight">deploys</span>' },
      [String(notes)]: {
        match_content: '<p><span class="highlight">Deploy</span> notes: all green.</p>',
        match_subject: '<span class="highlight">deploys</span>',
      },
    });
    // Channel history the caller never received is never tested.
    const moderator = await t
      .client('moderator')
      .messages.matchesNarrow({ msg_ids: [4, 5], narrow: [['channel', 'engineering']] });
    expect(moderator.messages).toEqual({});
    const error = await failure(member.messages.matchesNarrow({ msg_ids: [1], narrow: [['is', 'nothing']] }));
    expect(error).toMatchObject({ code: 'BAD_NARROW', msg: "Invalid narrow operator: unknown 'is' operand nothing" });
    return { plain, searched, moderator, error };
  }),

  scenario('messages: narrows, with shows the conversation of a message and keeps other terms', async (t) => {
    const member = t.client('member');
    const topic = await newest(t, 'member', [{ operator: 'with', operand: 5 }]);
    expect(topic).toEqual([4, 5]);
    const replaced = await newest(t, 'member', [
      ['channel', 'general'],
      ['topic', 'welcome'],
      ['with', '6'],
    ]);
    expect(replaced).toEqual([6]);
    const filtered = await newest(t, 'member', [{ operator: 'with', operand: 4 }, ['sender', t.accounts.member.email]]);
    expect(filtered).toEqual([5]);
    const dm = await send(t, 'owner', [t.accounts.member.userId], 'ping');
    const reply = await send(t, 'member', [t.accounts.owner.userId], 'pong');
    const conversation = await newest(t, 'member', [{ operator: 'with', operand: dm }]);
    expect(conversation).toEqual([dm, reply]);
    const missing = await newest(t, 'member', [
      ['channel', 'general'],
      ['topic', 'welcome'],
      ['with', '4242'],
    ]);
    expect(missing).toEqual(WELCOME);
    const result = await member.messages.list({
      anchor: String(dm),
      num_before: 0,
      num_after: 0,
      narrow: [['with', String(reply)]],
    });
    expect(result).toMatchObject({ found_anchor: true, anchor: dm });
    return { topic, replaced, filtered, conversation, missing, result };
  }),
];
