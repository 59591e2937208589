import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

async function unreadCount(t: Parameters<Scenario['run']>[0]): Promise<number> {
  const state = await t.client('member').events.register({ fetch_event_types: ['message', 'update_message_flags'] });
  return (state['unread_msgs'] as { count: number }).count;
}

/** POST /mark_all_as_read, /mark_stream_as_read, /mark_topic_as_read. */
export const markReadScenarios: Scenario[] = [
  scenario('mark-read: a topic, a channel, then everything, with one flags event per batch', async (t) => {
    const owner = t.client('owner');
    const member = t.client('member');
    const general = (await member.channels.getId({ stream: 'general' })).stream_id;
    const engineering = (await member.channels.getId({ stream: 'engineering' })).stream_id;
    const counts: number[] = [await unreadCount(t)];
    await owner.messages.send({ type: 'stream', to: 'general', topic: 'lunch', content: 'pizza?' });
    await owner.messages.send({ type: 'direct', to: [t.accounts.member.userId], content: 'ping' });
    counts.push(await unreadCount(t));
    const queue = await member.events.register({ event_types: ['update_message_flags'] });
    expect(await member.messages.markTopicAsRead({ stream_id: general, topic_name: 'LUNCH' })).toEqual({});
    counts.push(await unreadCount(t));
    await member.messages.markStreamAsRead({ stream_id: engineering });
    counts.push(await unreadCount(t));
    expect(await member.messages.markAllAsRead({})).toEqual({ complete: true });
    counts.push(await unreadCount(t));
    const { events } = await member.events.get({ queue_id: queue.queue_id ?? '', dont_block: true });
    expect(
      events.every(
        (e) => e.type === 'update_message_flags' && e['op'] === 'add' && e['flag'] === 'read' && e['all'] === false,
      ),
    ).toBe(true);
    expect(counts[counts.length - 1]).toBe(0);
    const errors = {
      noTopic: await failure(member.messages.markTopicAsRead({ stream_id: general, topic_name: 'nothing here' })),
      badChannel: await failure(member.messages.markStreamAsRead({ stream_id: 999 })),
      hidden: await failure(t.client('guest').messages.markStreamAsRead({ stream_id: engineering })),
    };
    expect(errors.noTopic).toMatchObject({ code: 'BAD_REQUEST', msg: "No such topic 'nothing here'" });
    expect(errors.badChannel.msg).toBe('Invalid channel ID');
    expect(errors.hidden.msg).toBe('Invalid channel ID');
    return { counts, events: events.map((e) => e['messages']), errors };
  }),
  scenario(
    'mark-read: mark_all_as_read marks a batch per transaction and says complete only when nothing is left',
    async (t) => {
      const member = t.client('member');
      for (const content of ['one', 'two', 'three'])
        await t.client('owner').messages.send({ type: 'direct', to: [t.accounts.member.userId], content });
      const before = await unreadCount(t);
      const queue = await member.events.register({ event_types: ['update_message_flags'] });
      const answers: boolean[] = [];
      for (let i = 0; i < 20 && answers.at(-1) !== true; i += 1)
        answers.push((await member.messages.markAllAsRead({})).complete);
      const { events } = await member.events.get({ queue_id: queue.queue_id ?? '', dont_block: true });
      const sizes = events.map((e) => (e['messages'] as number[]).length);
      // A batch of two per request (the time budget is spent after one): incomplete until the last.
      expect(answers).toEqual([...Array<boolean>(Math.floor(before / 2)).fill(false), true]);
      expect(sizes.every((n) => n <= 2)).toBe(true);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(before);
      expect(await unreadCount(t)).toBe(0);
      return { before, answers, sizes };
    },
    { config: { markReadBatchSize: 2, markAllAsReadBudgetMs: 0 } },
  ),
];
