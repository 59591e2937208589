import { expect } from 'vitest';
import type { Client } from '@teamchat/client-sdk';
import { failure, scenario, type Scenario, type ScenarioContext } from '../../harness.js';

const GENERAL = 'general';
const ENGINEERING = 'engineering';

async function send(
  client: Client,
  to: string | number,
  topic: string,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  return (await client.messages.send({ type: 'stream', to, topic, content, ...extra })).id;
}

async function channelId(t: ScenarioContext, name: string): Promise<number> {
  const { streams } = await t.client('owner').channels.list({ include_all: true });
  const found = streams.find((s) => s.name === name);
  if (!found) throw new Error(`no channel ${name}`);
  return found.stream_id;
}

async function drain(client: Client, queueId: string | null): Promise<Record<string, unknown>[]> {
  return (await client.events.get({ queue_id: queueId ?? '', dont_block: true })).events;
}

/** Scenarios of issue 3: sending, reading, editing, moving, deleting, flags, topics. */
export const messageScenarios: Scenario[] = [
  scenario('messages: a channel message reaches the subscribers with their flags', async (t) => {
    const id = await send(t.client('member'), GENERAL, 'lunch', 'Hello **everyone**, lunch at noon?');
    const asOwner = await t.client('owner').messages.get({ message_id: id });
    expect(asOwner.message).toMatchObject({
      id,
      type: 'stream',
      sender_id: t.accounts.member.userId,
      sender_full_name: 'Mike Member',
      display_recipient: GENERAL,
      subject: 'lunch',
      content: '<p>Hello <strong>everyone</strong>, lunch at noon?</p>',
      content_type: 'text/html',
      client: 'TeamchatSDK',
      flags: [],
      reactions: [],
      is_me_message: false,
    });
    expect(asOwner.raw_content).toBe('Hello **everyone**, lunch at noon?');
    const asSender = await t.client('member').messages.get({ message_id: id });
    expect(asSender.message.flags).toEqual([]);
    const readBySender = await send(t.client('member'), GENERAL, 'lunch', 'Read by me', { read_by_sender: true });
    expect((await t.client('member').messages.get({ message_id: readBySender })).message.flags).toEqual(['read']);
    const byId = await send(t.client('member'), await channelId(t, ENGINEERING), 'deploys', 'By channel ID');
    const raw = await t.client('owner').messages.get({ message_id: byId, apply_markdown: false });
    expect(raw.message).toMatchObject({
      content: 'By channel ID',
      content_type: 'text/x-markdown',
      display_recipient: ENGINEERING,
    });
    return { asOwner, asSender, raw };
  }),

  scenario('messages: direct messages: by ID or email, 1:1 both directions share a recipient', async (t) => {
    const there = (
      await t.client('member').messages.send({ type: 'direct', to: [t.accounts.owner.userId], content: 'ping' })
    ).id;
    const back = (
      await t.client('owner').messages.send({ type: 'private', to: [t.accounts.member.email], content: 'pong' })
    ).id;
    const group = (
      await t
        .client('member')
        .messages.send({ type: 'direct', to: [t.accounts.owner.userId, t.accounts.moderator.userId], content: 'group' })
    ).id;
    const self = (
      await t
        .client('member')
        .messages.send({ type: 'direct', to: [t.accounts.member.userId], content: 'note to self' })
    ).id;
    const m1 = (await t.client('owner').messages.get({ message_id: there })).message;
    const m2 = (await t.client('member').messages.get({ message_id: back })).message;
    const m3 = (await t.client('moderator').messages.get({ message_id: group })).message;
    const m4 = (await t.client('member').messages.get({ message_id: self })).message;
    expect(m1.type).toBe('private');
    expect(m1.recipient_id).toBe(m2.recipient_id);
    expect(m3.recipient_id).not.toBe(m1.recipient_id);
    expect(m1.display_recipient).toEqual([
      { id: t.accounts.owner.userId, email: t.accounts.owner.email, full_name: 'Olivia Owner', is_mirror_dummy: false },
      {
        id: t.accounts.member.userId,
        email: t.accounts.member.email,
        full_name: 'Mike Member',
        is_mirror_dummy: false,
      },
    ]);
    expect((m4.display_recipient as unknown[]).length).toBe(1);
    expect(m1.subject).toBe('');
    const outsider = await failure(t.client('moderator').messages.get({ message_id: there }));
    const missing = await failure(t.client('moderator').messages.get({ message_id: 999_999 }));
    expect(outsider).toEqual(missing);
    expect(outsider).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
    return { m1, m2, m3, m4, outsider };
  }),

  scenario('messages: sending refuses what the real server refuses', async (t) => {
    const member = t.client('member');
    const errors = {
      unknownName: await failure(send(member, 'nowhere', 'x', 'hi')),
      unknownId: await failure(send(member, 424_242, 'x', 'hi')),
      empty: await failure(send(member, GENERAL, 'x', '   \n  ')),
      nul: await failure(send(member, GENERAL, 'x', 'a\u0000b')),
      missingTopic: await failure(member.messages.send({ type: 'stream', to: GENERAL, content: 'hi' })),
      guestUnsubscribed: await failure(send(t.client('guest'), ENGINEERING, 'x', 'hi')),
      dmUnknownId: await failure(member.messages.send({ type: 'direct', to: [999], content: 'hi' })),
      dmUnknownEmail: await failure(
        member.messages.send({ type: 'direct', to: ['ghost@teamchat.example'], content: 'hi' }),
      ),
      dmNobody: await failure(member.messages.send({ type: 'direct', to: [], content: 'hi' })),
      badTopicCharacter: await failure(send(member, GENERAL, 'a\u0007b', 'hi')),
    };
    expect(errors.unknownName).toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel 'nowhere' does not exist",
      extra: { stream: 'nowhere' },
    });
    expect(errors.unknownId).toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel with ID '424242' does not exist",
      extra: { stream_id: 424242 },
    });
    expect(errors.empty.msg).toBe('Message must not be empty');
    expect(errors.nul.msg).toBe('Message must not contain null bytes');
    expect(errors.missingTopic.msg).toBe('Missing topic');
    // Guests do not see public channels they are not subscribed to.
    expect(errors.guestUnsubscribed.code).toBe('STREAM_DOES_NOT_EXIST');
    expect(errors.dmUnknownId.msg).toBe('Invalid user ID 999');
    expect(errors.dmUnknownEmail.msg).toBe("Invalid email 'ghost@teamchat.example'");
    expect(errors.dmNobody.msg).toBe('Message must have recipients');
    expect(errors.badTopicCharacter.msg).toBe('Invalid character in topic, at position 2!');
    const { id: secret } = await t
      .client('owner')
      .channels.create({ name: 'secret', subscribers: [t.accounts.owner.userId], invite_only: true });
    const invisible = await failure(send(member, 'secret', 'x', 'hi'));
    const invisibleById = await failure(send(member, secret, 'x', 'hi'));
    expect(invisible.code).toBe('STREAM_DOES_NOT_EXIST');
    expect(invisibleById.code).toBe('STREAM_DOES_NOT_EXIST');
    const adminNotSubscribed = await failure(send(t.client('administrator'), 'secret', 'x', 'hi'));
    expect(adminNotSubscribed.msg).toBe("Not authorized to send to channel 'secret'");
    return { errors, invisible, invisibleById, adminNotSubscribed };
  }),

  scenario('messages: topics and content are normalised: empty topic, truncation', async (t) => {
    const member = t.client('member');
    const longTopic = 'x'.repeat(70);
    const truncatedTopic = await send(member, GENERAL, longTopic, 'long topic');
    const noTopic = await send(member, GENERAL, '(no topic)', 'no topic');
    const displayName = await send(member, GENERAL, 'general chat', 'display name');
    const longContent = await send(member, GENERAL, 'long', 'y'.repeat(10_050));
    const trimmed = await send(member, GENERAL, 'trim', '\n\nhello   \n');
    const get = (id: number, allowEmpty = false) =>
      t.client('member').messages.get({ message_id: id, apply_markdown: false, allow_empty_topic_name: allowEmpty });
    expect((await get(truncatedTopic)).message.subject).toBe(`${'x'.repeat(57)}...`);
    expect((await get(noTopic)).message.subject).toBe('general chat');
    expect((await get(noTopic, true)).message.subject).toBe('');
    expect((await get(displayName, true)).message.subject).toBe('');
    const content = (await get(longContent)).message.content;
    expect(content.length).toBe(10_000);
    expect(content.endsWith('\n[message truncated]')).toBe(true);
    expect((await get(trimmed)).message.content).toBe('hello');
    return { topics: [(await get(truncatedTopic)).message.subject, (await get(noTopic)).message.subject] };
  }),

  scenario("messages: a channel's topics policy decides about the empty topic", async (t) => {
    const owner = t.client('owner');
    await owner.channels.create({
      name: 'strict',
      subscribers: [t.accounts.owner.userId],
      topics_policy: 'disable_empty_topic',
    });
    await owner.channels.create({
      name: 'flat',
      subscribers: [t.accounts.owner.userId],
      topics_policy: 'empty_topic_only',
    });
    const noEmpty = await failure(send(owner, 'strict', '', 'hi'));
    const onlyEmpty = await failure(send(owner, 'flat', 'a topic', 'hi'));
    expect(noEmpty.code).toBe('MESSAGES_NOT_ALLOWED_IN_EMPTY_TOPIC');
    expect(onlyEmpty.code).toBe('TOPICS_NOT_ALLOWED');
    const ok = [await send(owner, 'strict', 'topic', 'hi'), await send(owner, 'flat', '', 'hi')];
    const memberDenied = await failure(
      t.client('member').channels.create({ name: 'x', subscribers: [], topics_policy: 'allow_empty_topic' }),
    );
    expect(memberDenied.msg).toBe('Insufficient permission');
    return { noEmpty, onlyEmpty, ok: ok.length, memberDenied };
  }),

  scenario('messages: message events reach the recipients only; the sender queue gets the local echo', async (t) => {
    const register = async (role: 'member' | 'guest' | 'moderator' | 'owner') => ({
      role,
      client: t.client(role),
      queue: (await t.client(role).events.register({ event_types: ['message'], apply_markdown: true })).queue_id,
    });
    const queues = [
      await register('member'),
      await register('guest'),
      await register('moderator'),
      await register('owner'),
    ];
    const memberQueue = queues[0]?.queue ?? '';
    const id = await send(t.client('member'), ENGINEERING, 'deploys', 'shipping', {
      queue_id: memberQueue,
      local_id: '100.01',
    });
    const dm = (
      await t.client('member').messages.send({ type: 'direct', to: [t.accounts.owner.userId], content: 'psst' })
    ).id;
    const seen: Record<string, unknown> = {};
    for (const q of queues) {
      const events = await drain(q.client, q.queue);
      seen[q.role] = events.map((e) => ({
        id: (e['message'] as { id: number }).id,
        flags: e['flags'],
        local: e['local_message_id'] ?? null,
      }));
    }
    expect(seen).toEqual({
      member: [
        { id, flags: [], local: '100.01' },
        { id: dm, flags: [], local: null },
      ],
      guest: [],
      moderator: [],
      owner: [
        { id, flags: [], local: null },
        { id: dm, flags: [], local: null },
      ],
    });
    return seen;
  }),

  scenario('messages: content access: guests, private channels, protected history', async (t) => {
    const engineeringMessage = await send(t.client('member'), ENGINEERING, 'deploys', 'public history');
    const guest = await failure(t.client('guest').messages.get({ message_id: engineeringMessage }));
    expect(guest.msg).toBe('Invalid message(s)');
    const moderator = await t.client('moderator').messages.get({ message_id: engineeringMessage });
    expect(moderator.message.flags).toEqual(['read', 'historical']);
    const { id: privateId } = await t
      .client('owner')
      .channels.create({ name: 'leads', subscribers: [t.accounts.owner.userId], invite_only: true });
    const secret = await send(t.client('owner'), privateId, 'plans', 'secret plans');
    const admin = await failure(t.client('administrator').messages.get({ message_id: secret }));
    const member = await failure(t.client('member').messages.get({ message_id: secret }));
    expect([admin.msg, member.msg]).toEqual(['Invalid message(s)', 'Invalid message(s)']);
    return { guest, moderator: moderator.message.flags, admin, member };
  }),

  scenario('messages: editing content keeps an edit history and recomputes the message', async (t) => {
    const member = t.client('member');
    const queue = (await t.client('owner').events.register({ event_types: ['update_message'] })).queue_id;
    const id = await send(member, GENERAL, 'edits', 'first version');
    t.clock.advance(30_000);
    await member.messages.update({ message_id: id, content: 'second *version*' });
    const { message } = await t.client('owner').messages.get({ message_id: id });
    expect(message.content).toBe('<p>second <em>version</em></p>');
    expect(message.last_edit_timestamp).toBe(message.timestamp + 30);
    expect(message.last_moved_timestamp).toBeUndefined();
    expect(message.edit_history).toEqual([
      {
        user_id: t.accounts.member.userId,
        timestamp: message.timestamp + 30,
        prev_content: 'first version',
        prev_rendered_content: '<p>first version</p>',
      },
    ]);
    const [event] = await drain(t.client('owner'), queue);
    expect(event).toMatchObject({
      type: 'update_message',
      user_id: t.accounts.member.userId,
      message_id: id,
      message_ids: [id],
      orig_content: 'first version',
      content: 'second *version*',
      rendered_content: '<p>second <em>version</em></p>',
      rendering_only: false,
      stream_name: GENERAL,
    });
    const errors = {
      notSender: await failure(t.client('owner').messages.update({ message_id: id, content: 'hijack' })),
      nothing: await failure(member.messages.update({ message_id: id })),
      both: await failure(member.messages.update({ message_id: id, content: 'x', stream_id: 2 })),
      mode: await failure(member.messages.update({ message_id: id, content: 'x', propagate_mode: 'change_all' })),
      invisible: await failure(
        t.client('guest').messages.update({ message_id: await send(member, ENGINEERING, 'x', 'y'), content: 'z' }),
      ),
    };
    expect(errors.notSender.msg).toBe("You don't have permission to edit this message");
    expect(errors.nothing.msg).toBe('Nothing to change');
    expect(errors.both.msg).toBe('Cannot change message content while changing channel');
    expect(errors.invisible.msg).toBe('Invalid message(s)');
    await member.messages.update({ message_id: id, content: '   ' });
    expect((await member.messages.get({ message_id: id, apply_markdown: false })).message.content).toBe('(deleted)');
    t.clock.advance(601_000);
    const late = await failure(member.messages.update({ message_id: id, content: 'too late' }));
    expect(late.msg).toBe('The time limit for editing this message has past');
    return { message, event, errors, late };
  }),

  scenario('messages: moving a topic: change_one, change_later, change_all, with notices', async (t) => {
    const owner = t.client('owner');
    const ids = [
      await send(owner, GENERAL, 'plans', 'one'),
      await send(owner, GENERAL, 'plans', 'two'),
      await send(owner, GENERAL, 'plans', 'three'),
    ];
    t.clock.advance(60_000);
    await t.client('member').messages.update({
      message_id: ids[1] ?? 0,
      topic: 'later plans',
      propagate_mode: 'change_later',
      send_notification_to_old_thread: true,
    });
    const topicOf = async (id: number) => (await owner.messages.get({ message_id: id })).message.subject;
    expect([await topicOf(ids[0] ?? 0), await topicOf(ids[1] ?? 0), await topicOf(ids[2] ?? 0)]).toEqual([
      'plans',
      'later plans',
      'later plans',
    ]);
    const moved = (await owner.messages.get({ message_id: ids[1] ?? 0 })).message;
    expect(moved.edit_history).toEqual([
      { user_id: t.accounts.member.userId, timestamp: moved.timestamp + 60, prev_topic: 'plans', topic: 'later plans' },
    ]);
    expect(moved.last_moved_timestamp).toBe(moved.timestamp + 60);
    const { topics } = await owner.channels.listTopics({ stream_id: 1 });
    const notices = async (topic: string) => {
      const found = topics.find((x) => x.name === topic);
      return found ? (await owner.messages.get({ message_id: found.max_id, apply_markdown: false })).message : null;
    };
    const newNotice = await notices('later plans');
    const oldNotice = await notices('plans');
    expect(newNotice).toMatchObject({
      sender_full_name: 'Notification Bot',
      content: '2 messages were moved here from #**general>plans** by @_**Mike Member|4**.',
    });
    expect(oldNotice).toMatchObject({
      sender_full_name: 'Notification Bot',
      content: '2 messages were moved from this topic to #**general>later plans** by @_**Mike Member|4**.',
    });
    await owner.messages.update({
      message_id: ids[0] ?? 0,
      topic: 'all plans',
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    expect(await topicOf(ids[0] ?? 0)).toBe('all plans');
    await owner.messages.update({
      message_id: ids[2] ?? 0,
      topic: 'just one',
      propagate_mode: 'change_one',
      send_notification_to_new_thread: false,
    });
    expect([await topicOf(ids[1] ?? 0), await topicOf(ids[2] ?? 0)]).toEqual(['later plans', 'just one']);
    return { topics: topics.map((x) => x.name), newNotice: newNotice?.content, oldNotice: oldNotice?.content };
  }),

  scenario('messages: resolving a topic is recorded but is not a move', async (t) => {
    const owner = t.client('owner');
    const id = await send(owner, GENERAL, 'bug', 'it broke');
    await t.client('member').messages.update({ message_id: id, topic: '✔ bug', propagate_mode: 'change_all' });
    const { message } = await owner.messages.get({ message_id: id });
    expect(message.subject).toBe('✔ bug');
    expect(message.edit_history?.[0]).toMatchObject({ prev_topic: 'bug', topic: '✔ bug' });
    expect(message.last_moved_timestamp).toBeUndefined();
    const { topics } = await owner.channels.listTopics({ stream_id: 1 });
    const notice = (await owner.messages.get({ message_id: topics[0]?.max_id ?? 0, apply_markdown: false })).message
      .content;
    expect(notice).toBe('@_**Mike Member|4** has marked this topic as resolved.');
    return { message, notice };
  }),

  scenario('messages: moving to another channel: permissions, and users who lose access', async (t) => {
    const owner = t.client('owner');
    const guestQueue = (
      await t
        .client('guest')
        .events.register({ event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } })
    ).queue_id;
    const id = await send(owner, GENERAL, 'wrong place', 'belongs in engineering');
    const guestDenied = await failure(t.client('guest').messages.update({ message_id: id, stream_id: 2 }));
    expect(guestDenied.msg).toBe("You don't have permission to move this message");
    await t.client('member').messages.update({ message_id: id, stream_id: 2, send_notification_to_new_thread: false });
    const { message } = await owner.messages.get({ message_id: id });
    expect(message).toMatchObject({ stream_id: 2, display_recipient: ENGINEERING, subject: 'wrong place' });
    expect(message.edit_history?.[0]).toMatchObject({ prev_stream: 1, stream: 2 });
    const guestNow = await failure(t.client('guest').messages.get({ message_id: id }));
    expect(guestNow.msg).toBe('Invalid message(s)');
    const events = await drain(t.client('guest'), guestQueue);
    expect(events).toEqual([
      { type: 'delete_message', message_ids: [id], message_type: 'stream', stream_id: 1, topic: 'wrong place', id: 0 },
    ]);
    const moderatorView = await t.client('moderator').messages.get({ message_id: id });
    // The moderator received it in general and may still read engineering's history: the row stays.
    expect(moderatorView.message.flags).toEqual([]);
    return { guestDenied, message, events };
  }),

  scenario('messages: moving old messages is limited to moderators', async (t) => {
    const id = await send(t.client('owner'), GENERAL, 'old', 'ancient');
    t.clock.advance(8 * 86_400_000);
    const member = await failure(t.client('member').messages.update({ message_id: id, topic: 'new' }));
    expect(member.msg).toBe("The time limit for editing this message's topic has passed");
    await t
      .client('moderator')
      .messages.update({ message_id: id, topic: 'new', send_notification_to_new_thread: false });
    return { member };
  }),

  scenario('messages: deleting messages: own within the limit, any for administrators', async (t) => {
    const member = t.client('member');
    const own = await send(member, GENERAL, 'oops', 'typo');
    await member.messages.delete({ message_id: own });
    const gone = await failure(member.messages.get({ message_id: own }));
    expect(gone.msg).toBe('Invalid message(s)');
    const other = await send(t.client('owner'), GENERAL, 'keep', 'mine');
    const notYours = await failure(member.messages.delete({ message_id: other }));
    expect(notYours.msg).toBe("You don't have permission to delete this message");
    const later = await send(member, GENERAL, 'oops', 'later');
    t.clock.advance(601_000);
    const tooLate = await failure(member.messages.delete({ message_id: later }));
    expect(tooLate.msg).toBe('The time limit for deleting this message has passed');
    await t.client('administrator').messages.delete({ message_id: later });
    const invisible = await failure(t.client('guest').messages.delete({ message_id: 4 }));
    expect(invisible.msg).toBe('Invalid message(s)');
    return { gone, notYours, tooLate, invisible };
  }),

  scenario("messages: deleting a channel's oldest message moves its first_message_id", async (t) => {
    const queue = (await t.client('member').events.register({ event_types: ['stream', 'delete_message'] })).queue_id;
    const { streams } = await t.client('member').channels.list();
    const engineering = streams.find((s) => s.name === ENGINEERING);
    const first = engineering?.first_message_id ?? 0;
    await t.client('owner').messages.delete({ message_id: first });
    const events = await drain(t.client('member'), queue);
    expect(events).toEqual([
      { type: 'delete_message', message_id: first, message_type: 'stream', stream_id: 2, topic: 'deploys', id: 0 },
      {
        type: 'stream',
        op: 'update',
        stream_id: 2,
        name: ENGINEERING,
        property: 'first_message_id',
        value: first + 1,
        id: 1,
      },
    ]);
    return events;
  }),

  scenario('messages: flags by message ID: star, read, historical rows and errors', async (t) => {
    const member = t.client('member');
    const queue = (await member.events.register({ event_types: ['update_message_flags'] })).queue_id;
    await member.messages.updateFlags({ messages: [1, 2], op: 'add', flag: 'starred' });
    expect((await member.messages.get({ message_id: 1 })).message.flags).toContain('starred');
    const moderator = t.client('moderator');
    await moderator.messages.updateFlags({ messages: [4], op: 'add', flag: 'starred' });
    expect((await moderator.messages.get({ message_id: 4 })).message.flags).toEqual(['read', 'starred', 'historical']);
    const unread = await moderator.messages.updateFlags({ messages: [1, 4], op: 'remove', flag: 'read' });
    expect(unread).toEqual({ messages: [1, 4], ignored_because_not_subscribed_channels: [2] });
    const errors = {
      invalid: await failure(member.messages.updateFlags({ messages: [1], op: 'add', flag: 'shiny' })),
      notEditable: await failure(member.messages.updateFlags({ messages: [1], op: 'add', flag: 'mentioned' })),
      op: await t.raw('POST', '/messages/flags', {
        role: 'member',
        params: { messages: '[1]', op: 'toggle', flag: 'read' },
      }),
      inaccessible: await failure(
        t.client('guest').messages.updateFlags({ messages: [4], op: 'add', flag: 'starred' }),
      ),
    };
    expect(errors.invalid.msg).toBe("Invalid flag: 'shiny'");
    expect(errors.notEditable.msg).toBe("Flag not editable: 'mentioned'");
    expect(errors.op.body).toMatchObject({ code: 'BAD_REQUEST', msg: "Invalid message flag operation: 'toggle'" });
    expect(errors.inaccessible.msg).toBe('Invalid message(s)');
    await member.messages.updateFlags({ messages: [1, 2], op: 'add', flag: 'read' });
    await member.messages.updateFlags({ messages: [1], op: 'remove', flag: 'read' });
    const events = await drain(member, queue);
    expect(events).toEqual([
      {
        type: 'update_message_flags',
        op: 'add',
        operation: 'add',
        flag: 'starred',
        messages: [1, 2],
        all: false,
        id: 0,
      },
      // Message 2 is the member's own, already read: only 1 changed.
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [1], all: false, id: 1 },
      {
        type: 'update_message_flags',
        op: 'remove',
        operation: 'remove',
        flag: 'read',
        messages: [1],
        all: false,
        message_details: { '1': { type: 'stream', stream_id: 1, topic: 'welcome' } },
        id: 2,
      },
    ]);
    return { unread, errors, events };
  }),

  scenario('messages: topics of a channel: newest first, protected history, access', async (t) => {
    const member = t.client('member');
    await send(member, GENERAL, 'zebra', 'z');
    await send(member, GENERAL, '', 'empty topic');
    const { topics } = await member.channels.listTopics({ stream_id: 1 });
    expect(topics.map((x) => x.name)).toEqual(['general chat', 'zebra', 'welcome']);
    const allowEmpty = await member.channels.listTopics({ stream_id: 1, allow_empty_topic_name: true });
    expect(allowEmpty.topics[0]?.name).toBe('');
    const { id } = await t
      .client('owner')
      .channels.create({ name: 'vault', subscribers: [t.accounts.owner.userId], invite_only: true });
    await send(t.client('owner'), id, 'before', 'before member joined');
    const notSubscribed = await failure(member.channels.listTopics({ stream_id: id }));
    expect(notSubscribed.msg).toBe('Invalid channel ID');
    const guest = await failure(t.client('guest').channels.listTopics({ stream_id: 2 }));
    expect(guest.msg).toBe('Invalid channel ID');
    return { topics, notSubscribed, guest };
  }),

  scenario('messages: delete_topic: administrators only, and the topic name read as sending reads it', async (t) => {
    const denied = await failure(t.client('member').channels.deleteTopic({ stream_id: 1, topic_name: 'welcome' }));
    expect(denied).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
      status: 400,
    });
    const result = await t.client('administrator').channels.deleteTopic({ stream_id: 1, topic_name: 'welcome' });
    expect(result).toEqual({ complete: true });
    const { topics } = await t.client('member').channels.listTopics({ stream_id: 1 });
    expect(topics).toEqual([]);
    // The empty topic by its display name, by `(no topic)`, and with padding around either.
    const emptied: string[][] = [];
    for (const name of ['general chat', '(no topic)', '  general chat  ']) {
      await send(t.client('member'), GENERAL, '', 'chat');
      await t.client('administrator').channels.deleteTopic({ stream_id: 1, topic_name: name });
      emptied.push((await t.client('member').channels.listTopics({ stream_id: 1 })).topics.map((x) => x.name));
    }
    expect(emptied).toEqual([[], [], []]);
    // Padding around a named topic too.
    await send(t.client('member'), GENERAL, 'plans', 'later');
    await t.client('administrator').channels.deleteTopic({ stream_id: 1, topic_name: ' plans ' });
    expect((await t.client('member').channels.listTopics({ stream_id: 1 })).topics).toEqual([]);
    return { denied, result, emptied };
  }),

  scenario(
    'messages: delete_topic stops at its time budget and the client repeats until complete',
    async (t) => {
      const owner = t.client('owner');
      for (let i = 0; i < 5; i += 1) await send(owner, GENERAL, 'bulk', `message ${i}`);
      const first = await owner.channels.deleteTopic({ stream_id: 1, topic_name: 'bulk' });
      expect(first).toEqual({ complete: false });
      const remaining = (await owner.channels.listTopics({ stream_id: 1 })).topics.find((x) => x.name === 'bulk');
      expect(remaining).toBeDefined();
      const responses = [first];
      for (let i = 0; i < 5 && !responses[responses.length - 1]?.complete; i += 1) {
        responses.push(await owner.channels.deleteTopic({ stream_id: 1, topic_name: 'bulk' }));
      }
      expect(responses.map((r) => r.complete)).toEqual([false, false, true]);
      return responses;
    },
    { config: { deleteTopicBatchSize: 2, deleteTopicBudgetMs: 0 } },
  ),

  scenario('messages: reactions: by name, by code, the extra emoji, and their errors', async (t) => {
    const member = t.client('member');
    const queue = (await t.client('owner').events.register({ event_types: ['reaction'] })).queue_id;
    await member.messages.addReaction({ message_id: 1, emoji_name: 'tada' });
    await member.messages.addReaction({
      message_id: 1,
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
    });
    await member.messages.addReaction({ message_id: 1, emoji_name: 'zulip' });
    await member.messages.addReaction({ message_id: 1, emoji_name: 'teamchat' });
    await member.messages.removeReaction({ message_id: 1, emoji_name: 'teamchat', reaction_type: 'realm_emoji' });
    await member.messages.addReaction({
      message_id: 1,
      emoji_name: 'teamchat',
      emoji_code: '1',
      reaction_type: 'realm_emoji',
    });
    const errors = {
      duplicate: await failure(member.messages.addReaction({ message_id: 1, emoji_name: 'tada' })),
      unknownName: await failure(member.messages.addReaction({ message_id: 1, emoji_name: 'not_an_emoji' })),
      badCode: await failure(
        member.messages.addReaction({
          message_id: 1,
          emoji_name: 'tada',
          emoji_code: 'zzzz',
          reaction_type: 'unicode_emoji',
        }),
      ),
      custom: await failure(
        member.messages.addReaction({
          message_id: 1,
          emoji_name: 'party',
          emoji_code: '1',
          reaction_type: 'realm_emoji',
        }),
      ),
      missing: await failure(member.messages.removeReaction({ message_id: 1, emoji_name: 'heart' })),
      inaccessible: await failure(t.client('guest').messages.addReaction({ message_id: 4, emoji_name: 'tada' })),
    };
    expect(errors.duplicate).toMatchObject({ code: 'REACTION_ALREADY_EXISTS', msg: 'Reaction already exists.' });
    expect(errors.unknownName.msg).toBe("Emoji 'not_an_emoji' does not exist");
    expect(errors.badCode.msg).toBe('Invalid emoji code');
    expect(errors.custom.msg).toBe('Invalid custom emoji.');
    expect(errors.missing).toMatchObject({ code: 'REACTION_DOES_NOT_EXIST', msg: "Reaction doesn't exist." });
    expect(errors.inaccessible.msg).toBe('Invalid message(s)');
    await member.messages.removeReaction({ message_id: 1, emoji_name: 'octopus' });
    const { message } = await t.client('owner').messages.get({ message_id: 1 });
    expect(message.reactions).toEqual([
      { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: t.accounts.member.userId },
      {
        emoji_name: 'zulip',
        emoji_code: 'zulip',
        reaction_type: 'service_extra_emoji',
        user_id: t.accounts.member.userId,
      },
      { emoji_name: 'teamchat', emoji_code: '1', reaction_type: 'realm_emoji', user_id: t.accounts.member.userId },
    ]);
    // Unicode names are emoji names too, as in the real server's emoji data: 👍 is thumbs_up as well as +1.
    await member.messages.addReaction({ message_id: 2, emoji_name: 'thumbs_up' });
    // The same emoji by another of its names is the same reaction.
    expect(await failure(member.messages.addReaction({ message_id: 2, emoji_name: '+1' }))).toMatchObject({
      code: 'REACTION_ALREADY_EXISTS',
    });
    expect((await t.client('owner').messages.get({ message_id: 2 })).message.reactions).toEqual([
      {
        emoji_name: 'thumbs_up',
        emoji_code: '1f44d',
        reaction_type: 'unicode_emoji',
        user_id: t.accounts.member.userId,
      },
    ]);
    const thumbs = await send(member, GENERAL, 'emoji', 'Agreed :thumbs_up: :party_popper:');
    expect((await t.client('owner').messages.get({ message_id: thumbs })).message.content).toBe(
      '<p>Agreed <span aria-label="thumbs up" class="emoji emoji-1f44d" role="img" title="thumbs up">:thumbs_up:</span> <span aria-label="party popper" class="emoji emoji-1f389" role="img" title="party popper">:party_popper:</span></p>',
    );
    await member.messages.removeReaction({ message_id: 2, emoji_name: 'thumbs_up' });
    await t.client('moderator').messages.addReaction({ message_id: 4, emoji_name: 'eyes' });
    expect((await t.client('moderator').messages.get({ message_id: 4 })).message.flags).toEqual(['read', 'historical']);
    const events = (await drain(t.client('owner'), queue)).map((e) => `${String(e['op'])}:${String(e['emoji_name'])}`);
    expect(events).toEqual([
      'add:tada',
      'add:octopus',
      'add:zulip',
      'add:teamchat',
      'remove:teamchat',
      'add:teamchat',
      'remove:octopus',
      'add:thumbs_up',
      'remove:thumbs_up',
      'add:eyes',
    ]);
    const custom = await send(member, GENERAL, 'emoji', 'Our logo :teamchat: and :tada:');
    const rendered = (await t.client('owner').messages.get({ message_id: custom })).message.content;
    expect(rendered).toBe(
      '<p>Our logo <img alt=":teamchat:" class="emoji" src="/user_avatars/1/emoji/images/1.png" title="teamchat"> and <span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span></p>',
    );
    return { errors, message, events };
  }),

  scenario("messages: mentions set the recipients' flags; silent ones do not", async (t) => {
    const member = t.client('member');
    const direct = await send(member, GENERAL, 'hi', 'Hi @**Olivia Owner**, and silently @_**Adam Admin**');
    const wildcard = await send(member, GENERAL, 'hi', 'Heads up @**all**');
    const topic = await send(member, GENERAL, 'hi', 'Ping @**topic**');
    const group = await send(member, GENERAL, 'hi', 'Calling @*leads*');
    const flagsOf = async (role: 'owner' | 'administrator' | 'moderator' | 'guest', id: number) =>
      (await t.client(role).messages.get({ message_id: id })).message.flags;
    expect(await flagsOf('owner', direct)).toEqual(['mentioned']);
    expect(await flagsOf('administrator', direct)).toEqual([]);
    expect(await flagsOf('guest', wildcard)).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
    expect(await flagsOf('owner', topic)).toEqual([]);
    expect(await flagsOf('moderator', group)).toEqual(['mentioned']);
    expect(await flagsOf('administrator', group)).toEqual([]);
    const html = (await t.client('owner').messages.get({ message_id: direct })).message.content;
    expect(html).toBe(
      `<p>Hi <span class="user-mention" data-user-id="${t.accounts.owner.userId}">@Olivia Owner</span>, and silently <span class="user-mention silent" data-user-id="${t.accounts.administrator.userId}">Adam Admin</span></p>`,
    );
    const mentioned = await t.client('owner').messages.list({
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'is', operand: 'mentioned' }],
    });
    // The owner is in `leads`, so the group mention counts too.
    expect(mentioned.messages.map((m) => m.id)).toEqual([direct, wildcard, group]);
    return { html, mentioned: mentioned.messages.map((m) => m.id) };
  }),

  scenario('messages: flags for a narrow: mark a topic read in batches until found_newest', async (t) => {
    const owner = t.client('owner');
    for (let i = 0; i < 5; i += 1) await send(t.client('member'), GENERAL, 'batch', `message ${i}`);
    const narrow = [
      { operator: 'channel', operand: GENERAL },
      { operator: 'topic', operand: 'batch' },
    ];
    const first = await owner.messages.updateFlagsForNarrow({
      anchor: 'oldest',
      num_before: 0,
      num_after: 3,
      narrow,
      op: 'add',
      flag: 'read',
    });
    expect(first).toMatchObject({ processed_count: 3, updated_count: 3, found_oldest: true, found_newest: false });
    const second = await owner.messages.updateFlagsForNarrow({
      anchor: String(first.last_processed_id),
      include_anchor: false,
      num_before: 0,
      num_after: 3,
      narrow,
      op: 'add',
      flag: 'read',
    });
    expect(second).toMatchObject({ processed_count: 2, updated_count: 2, found_newest: true });
    const again = await owner.messages.updateFlagsForNarrow({
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow,
      op: 'add',
      flag: 'read',
    });
    expect(again).toMatchObject({ processed_count: 5, updated_count: 0, found_newest: true });
    const unread = await owner.messages.list({
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [...narrow, { operator: 'is', operand: 'unread' }],
    });
    expect(unread.messages).toEqual([]);
    const empty = await owner.messages.updateFlagsForNarrow({
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'topic', operand: 'no such topic' }],
      op: 'add',
      flag: 'starred',
    });
    expect(empty).toMatchObject({
      processed_count: 0,
      updated_count: 0,
      first_processed_id: null,
      last_processed_id: null,
    });
    const ignored = await t.client('moderator').messages.updateFlagsForNarrow({
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: ENGINEERING }],
      op: 'remove',
      flag: 'read',
    });
    expect(ignored.ignored_because_not_subscribed_channels).toEqual([2]);
    const errors = {
      notEditable: await failure(
        owner.messages.updateFlagsForNarrow({
          anchor: 'newest',
          num_before: 1,
          num_after: 0,
          narrow: [],
          op: 'add',
          flag: 'historical',
        }),
      ),
      badNarrow: await failure(
        owner.messages.updateFlagsForNarrow({
          anchor: 'newest',
          num_before: 1,
          num_after: 0,
          narrow: [{ operator: 'colour', operand: 'red' }],
          op: 'add',
          flag: 'read',
        }),
      ),
      badAnchor: await failure(
        owner.messages.updateFlagsForNarrow({
          anchor: 'middle',
          num_before: 1,
          num_after: 0,
          narrow: [],
          op: 'add',
          flag: 'read',
        }),
      ),
    };
    expect(errors.notEditable.msg).toBe("Flag not editable: 'historical'");
    expect(errors.badNarrow.code).toBe('BAD_NARROW');
    expect(errors.badAnchor.msg).toBe('Invalid anchor');
    return { first, second, again, empty, ignored, errors };
  }),

  scenario(
    'messages: a new channel gets a "channel events" notice; announce posts in the announcements channel',
    async (t) => {
      const owner = t.client('owner');
      const { id } = await owner.channels.create({
        name: 'launch',
        description: 'Launch **plans**',
        subscribers: [t.accounts.owner.userId],
        announce: true,
      });
      const { id: quiet } = await owner.channels.create({ name: 'quiet', subscribers: [t.accounts.owner.userId] });
      const newest = async (narrow: { operator: string; operand: string }[]) =>
        (
          await owner.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow, apply_markdown: false })
        ).messages.map((m) => ({
          sender: m.sender_full_name,
          topic: m.subject,
          content: m.content,
        }));
      const notice = await newest([{ operator: 'channel', operand: 'launch' }]);
      expect(notice).toEqual([
        {
          sender: 'Notification Bot',
          topic: 'channel events',
          content:
            '**Public** channel created by @_**Olivia Owner|1**. **Description:**\n```` quote\nLaunch **plans**\n````',
        },
      ]);
      const announcements = await newest([
        { operator: 'channel', operand: GENERAL },
        { operator: 'topic', operand: 'new channels' },
      ]);
      expect(announcements).toEqual([
        {
          sender: 'Notification Bot',
          topic: 'new channels',
          content: '@_**Olivia Owner|1** created a new channel #**launch**.',
        },
      ]);
      const quietNotice = await newest([{ operator: 'channel', operand: 'quiet' }]);
      expect(quietNotice[0]?.content).toBe(
        '**Public** channel created by @_**Olivia Owner|1**. **Description:**\n```` quote\n*No description.*\n````',
      );
      const { members } = await owner.users.list();
      expect(members.some((m) => m.full_name === 'Notification Bot')).toBe(false);
      const state = await owner.events.register({ fetch_event_types: ['realm_user'] });
      expect((state['cross_realm_bots'] as { full_name: string }[]).map((b) => b.full_name)).toEqual([
        'Notification Bot',
        'Email Gateway',
        'Welcome Bot',
      ]);
      return { id, quiet, notice, announcements, quietNotice };
    },
  ),

  scenario('messages: edit history is hidden when the organization disallows it', async (t) => {
    const member = t.client('member');
    const id = await send(member, GENERAL, 'history', 'before');
    t.clock.advance(10_000);
    await member.messages.update({ message_id: id, content: 'after' });
    expect((await t.client('owner').messages.get({ message_id: id })).message.edit_history).toHaveLength(1);
    // No endpoint edits organization settings yet: the setting is written as an administrator would set it.
    await t.store.write((tx) => tx.patch('realm', 1, { message_edit_history_visibility_policy: 3 }));
    const { message } = await t.client('owner').messages.get({ message_id: id });
    expect(message.edit_history).toBeUndefined();
    expect(message.last_edit_timestamp).toBe(message.timestamp + 10);
    return message;
  }),

  scenario("messages: a channel's own delete settings let its members delete others' messages", async (t) => {
    const owner = t.client('owner');
    const { id: channel } = await owner.channels.create({
      name: 'moderated',
      subscribers: [t.accounts.owner.userId, t.accounts.member.userId],
      can_delete_any_message_group: { direct_members: [t.accounts.member.userId], direct_subgroups: [] },
    });
    const ownerMessage = await send(owner, channel, 'x', 'owner wrote this');
    const elsewhere = await send(owner, GENERAL, 'x', 'in general');
    await t.client('member').messages.delete({ message_id: ownerMessage });
    const denied = await failure(t.client('member').messages.delete({ message_id: elsewhere }));
    expect(denied.msg).toBe("You don't have permission to delete this message");
    return { denied };
  }),

  scenario('messages: protected history: a later subscriber sees only what came after', async (t) => {
    const owner = t.client('owner');
    const { id: channel } = await owner.channels.create({
      name: 'vault',
      subscribers: [t.accounts.owner.userId],
      invite_only: true,
      history_public_to_subscribers: false,
    });
    const before = await send(owner, channel, 'old', 'before the member joined');
    // No subscribe endpoint yet: the subscription is written as POST /users/me/subscriptions would.
    await t.store.write((tx) =>
      tx.put('subscriptions', {
        id: tx.nextId('subscriptions'),
        user_id: t.accounts.member.userId,
        stream_id: channel,
        active: true,
        color: '#76ce90',
        is_muted: false,
        pin_to_top: false,
        desktop_notifications: null,
        audible_notifications: null,
        push_notifications: null,
        email_notifications: null,
        wildcard_mentions_notify: null,
      }),
    );
    const after = await send(owner, channel, 'new', 'after the member joined');
    const member = t.client('member');
    const hidden = await failure(member.messages.get({ message_id: before }));
    expect(hidden.msg).toBe('Invalid message(s)');
    expect((await member.messages.get({ message_id: after })).message.subject).toBe('new');
    const { topics } = await member.channels.listTopics({ stream_id: channel });
    expect(topics.map((x) => x.name)).toEqual(['new']);
    const { messages } = await member.messages.list({
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: channel }],
    });
    expect(messages.map((m) => m.id)).toEqual([after]);
    return { topics, ids: messages.map((m) => m.id) };
  }),

  scenario("messages: a queue's narrow filters the messages it gains through a move too", async (t) => {
    const moderator = t.client('moderator');
    const narrowed = (await moderator.events.register({ event_types: ['message'], narrow: [['stream', ENGINEERING]] }))
      .queue_id;
    const everything = (await moderator.events.register({ event_types: ['message'] })).queue_id;
    const id = await send(t.client('owner'), ENGINEERING, 'deploys', 'moving to general');
    await t.client('owner').messages.update({ message_id: id, stream_id: 1, send_notification_to_new_thread: false });
    const narrowedEvents = await drain(moderator, narrowed);
    const allEvents = (await drain(moderator, everything)).map((e) => (e['message'] as { id: number }).id);
    // The moderator is not subscribed to engineering; the move into general gives them the message.
    expect(narrowedEvents).toEqual([]);
    expect(allEvents).toEqual([id]);
    return { narrowedEvents, allEvents };
  }),
];
