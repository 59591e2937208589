import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** POST /user_topics and the legacy PATCH /users/me/subscriptions/muted_topics. */
export const userTopicScenarios: Scenario[] = [
  scenario('user-topics: mute, follow and reset topics; the legacy mute; events in both forms', async (t) => {
    const member = t.client('member');
    const general = (await member.channels.getId({ stream: 'general' })).stream_id;
    const modern = await member.events.register({ event_types: ['user_topic', 'muted_topics'] });
    const legacy = await member.events.register({ event_types: ['muted_topics'] });
    await member.userTopics.update({ stream_id: general, topic: 'welcome', visibility_policy: 1 });
    await member.userTopics.update({ stream_id: general, topic: 'Welcome', visibility_policy: 1 });
    await member.userTopics.update({ stream_id: general, topic: 'news', visibility_policy: 3 });
    const both = await member.events.register({ fetch_event_types: ['user_topic', 'muted_topics'] });
    const onlyLegacy = await member.events.register({ fetch_event_types: ['muted_topics'] });
    expect(both['muted_topics']).toBeUndefined();
    expect((both['user_topics'] as unknown[]).length).toBe(2);
    expect(onlyLegacy['muted_topics']).toEqual([['general', 'welcome', expect.any(Number)]]);
    await member.userTopics.update({ stream_id: general, topic: 'welcome', visibility_policy: 0 });
    await member.userTopics.muteTopic({ stream: 'general', topic: 'lunch', op: 'add' });
    await member.userTopics.muteTopic({ stream_id: general, topic: 'lunch', op: 'remove' });
    const drain = async (queue: string | null) =>
      (await member.events.get({ queue_id: queue ?? '', dont_block: true })).events.map((e) => e.type);
    const seen = { modern: await drain(modern.queue_id), legacy: await drain(legacy.queue_id) };
    // Queues that asked for user_topic get no muted_topics twin.
    expect(seen.modern).toEqual(['user_topic', 'user_topic', 'user_topic', 'user_topic', 'user_topic']);
    expect(seen.legacy).toEqual(['muted_topics', 'muted_topics', 'muted_topics', 'muted_topics', 'muted_topics']);
    const errors = {
      badPolicy: await t.raw('POST', '/user_topics', {
        role: 'member',
        params: { stream_id: String(general), topic: 'x', visibility_policy: '4' },
      }),
      hidden: await failure(
        t.client('guest').userTopics.update({
          stream_id: (await member.channels.getId({ stream: 'engineering' })).stream_id,
          topic: 'x',
          visibility_policy: 1,
        }),
      ),
      noChannel: await failure(member.userTopics.muteTopic({ stream: 'nowhere', topic: 'x', op: 'add' })),
      both: await failure(
        member.userTopics.muteTopic({ stream: 'general', stream_id: general, topic: 'x', op: 'add' }),
      ),
      notMuted: await failure(member.userTopics.muteTopic({ stream: 'general', topic: 'never muted', op: 'remove' })),
    };
    expect(errors.badPolicy.status).toBe(400);
    expect(errors.hidden.msg).toBe('Invalid channel ID');
    expect(errors.noChannel).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', msg: "Channel 'nowhere' does not exist" });
    expect(errors.both.msg).toBe('Please supply exactly one of stream or stream_id.');
    expect(errors.notMuted.msg).toBe('Topic is not muted');
    return { seen, errors, both: both['user_topics'] };
  }),
];
