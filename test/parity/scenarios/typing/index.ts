import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** POST /typing and POST /messages/{id}/typing: who gets `typing` events, and the errors. */
export const typingScenarios: Scenario[] = [
  scenario('typing: direct and channel typing reach the right queues, with the real errors', async (t) => {
    const owner = t.client('owner');
    const queues = {
      member: await t.client('member').events.register({
        event_types: ['typing', 'typing_edit_message'],
        client_capabilities: { stream_typing_notifications: true },
      }),
      legacy: await t.client('member').events.register({ event_types: ['typing'] }),
      guest: await t
        .client('guest')
        .events.register({ event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } }),
      moderator: await t
        .client('moderator')
        .events.register({ event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } }),
    };
    await owner.typing.setStatus({ op: 'start', to: [t.accounts.member.userId] });
    const engineering = (await owner.channels.getId({ stream: 'engineering' })).stream_id;
    await owner.typing.setStatus({ type: 'stream', op: 'stop', stream_id: engineering, topic: 'deploys' });
    await t.client('guest').settings.update({ receives_typing_notifications: false });
    await owner.typing.setStatus({ op: 'start', to: [t.accounts.guest.userId, t.accounts.member.userId] });
    const { id } = await owner.messages.send({ type: 'stream', to: 'engineering', topic: 'deploys', content: 'typo' });
    await owner.typing.setEditStatus({ message_id: id, op: 'start' });
    const poll = async (role: 'member' | 'guest' | 'moderator', queue: string | null) =>
      (await t.client(role).events.get({ queue_id: queue ?? '', dont_block: true })).events.map(
        ({ id: _id, ...event }) => event,
      );
    const seen = {
      member: await poll('member', queues.member.queue_id),
      legacy: await poll('member', queues.legacy.queue_id),
      guest: await poll('guest', queues.guest.queue_id),
      moderator: await poll('moderator', queues.moderator.queue_id),
    };
    const owner_ = { user_id: t.accounts.owner.userId, email: t.accounts.owner.email };
    expect(seen.member[0]).toEqual({
      type: 'typing',
      op: 'start',
      message_type: 'direct',
      sender: owner_,
      recipients: [owner_, { user_id: t.accounts.member.userId, email: t.accounts.member.email }],
    });
    expect(seen.member[1]).toEqual({
      type: 'typing',
      op: 'stop',
      message_type: 'stream',
      sender: owner_,
      stream_id: engineering,
      topic: 'deploys',
    });
    expect(seen.member[3]).toMatchObject({
      type: 'typing_edit_message',
      op: 'start',
      sender_id: t.accounts.owner.userId,
      message_id: id,
      recipient: { type: 'channel', channel_id: engineering, topic: 'deploys' },
    });
    // Channel typing only with the capability; nothing for users who turned notifications off.
    expect(seen.legacy.map((e) => e['message_type'])).toEqual(['direct', 'direct']);
    expect(seen.guest).toEqual([]);
    expect(seen.moderator).toEqual([]);
    const errors = {
      noTo: await failure(owner.typing.setStatus({ op: 'start' })),
      emptyTo: await failure(owner.typing.setStatus({ op: 'start', to: [] })),
      badUser: await failure(owner.typing.setStatus({ op: 'start', to: [999] })),
      noChannel: await failure(owner.typing.setStatus({ type: 'stream', op: 'start', topic: 'x' })),
      noTopic: await failure(owner.typing.setStatus({ type: 'stream', op: 'start', stream_id: engineering })),
      hiddenChannel: await failure(
        t.client('guest').typing.setStatus({ type: 'stream', op: 'start', stream_id: engineering, topic: 'x' }),
      ),
      badOp: await t.raw('POST', '/typing', { role: 'owner', params: { op: 'pause', to: '[1]' } }),
      badMessage: await failure(t.client('guest').typing.setEditStatus({ message_id: id, op: 'start' })),
    };
    expect(errors.noTo).toMatchObject({ code: 'BAD_REQUEST', msg: "Missing 'to' argument" });
    expect(errors.emptyTo.msg).toBe("Empty 'to' list");
    expect(errors.badUser.msg).toBe('Invalid user ID 999');
    expect(errors.noTopic.msg).toBe('Missing topic');
    expect(errors.hiddenChannel.msg).toBe('Invalid channel ID');
    expect(errors.badOp.status).toBe(400);
    expect(errors.badMessage.msg).toBe('Invalid message(s)');
    return { seen, errors };
  }),
];
