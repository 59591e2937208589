import { expect } from 'vitest';
import { failure, outcome, scenario, type Scenario } from '../../harness.js';

/** POST /register and GET /events: state blocks, long polls, event delivery. */
export const eventScenarios: Scenario[] = [
  scenario('events: register answers the state blocks and GET /events delivers what happens', async (t) => {
    const member = t.client('member');
    const state = await member.events.register({ client_capabilities: { user_settings_object: true } });
    expect(state).toMatchObject({
      last_event_id: -1,
      zulip_feature_level: 420,
      realm_empty_topic_display_name: 'general chat',
      max_stream_name_length: 60,
      max_stream_description_length: 1024,
      max_topic_length: 60,
      max_message_length: 10000,
    });
    expect(state.realm_users?.length).toBe(6);
    expect(state.subscriptions?.map((s) => s.name)).toEqual(['general', 'engineering']);
    const empty = await member.events.get({ queue_id: state.queue_id ?? '', dont_block: true });
    expect(empty.events).toEqual([]);
    await member.settings.update({ left_side_userlist: true });
    const { events } = await member.events.get({ queue_id: state.queue_id ?? '', last_event_id: -1 });
    expect(events).toEqual([
      { type: 'user_settings', op: 'update', property: 'left_side_userlist', value: true, id: 0 },
    ]);
    const acknowledged = await member.events.get({
      queue_id: state.queue_id ?? '',
      last_event_id: 0,
      dont_block: true,
    });
    expect(acknowledged.events).toEqual([]);
    const otherUser = await failure(t.client('owner').events.get({ queue_id: state.queue_id ?? '', dont_block: true }));
    expect(otherUser).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', extra: { queue_id: state.queue_id } });
    await member.events.deleteQueue({ queue_id: state.queue_id ?? '' });
    const deleted = await failure(member.events.get({ queue_id: state.queue_id ?? '', dont_block: true }));
    expect(deleted.code).toBe('BAD_EVENT_QUEUE_ID');
    return { state, events, otherUser, deleted };
  }),

  scenario('events: a long poll waits for an event and answers a heartbeat when nothing happens', async (t) => {
    const member = t.client('member');
    const { queue_id } = await member.events.register({ event_types: ['realm_user'] });
    const heartbeat = await member.events.get({ queue_id: queue_id ?? '' });
    expect(heartbeat.events).toEqual([{ type: 'heartbeat', id: 0 }]);
    const pending = member.events.get({ queue_id: queue_id ?? '', last_event_id: 0 });
    await t.client('owner').settings.update({ full_name: 'Olivia O. Owner' });
    const { events } = await pending;
    expect(events).toEqual([
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: t.accounts.owner.userId, full_name: 'Olivia O. Owner' },
        id: 1,
      },
    ]);
    return { heartbeat, events };
  }),

  scenario('events: channel creation emits stream and subscription events to the right users', async (t) => {
    const guestQueue = await t.client('guest').events.register({ event_types: ['stream', 'subscription'] });
    const memberQueue = await t.client('member').events.register({ event_types: ['stream', 'subscription'] });
    const moderatorQueue = await t.client('moderator').events.register({ event_types: ['stream', 'subscription'] });
    const { id } = await t
      .client('owner')
      .channels.create({ name: 'launch', subscribers: [t.accounts.owner.userId, t.accounts.member.userId] });
    const poll = async (role: 'guest' | 'member' | 'moderator', queue: string | null) =>
      (await t.client(role).events.get({ queue_id: queue ?? '', dont_block: true })).events.map(
        (e) => `${e.type}:${String(e['op'])}`,
      );
    const seen = {
      guest: await poll('guest', guestQueue.queue_id),
      member: await poll('member', memberQueue.queue_id),
      moderator: await poll('moderator', moderatorQueue.queue_id),
    };
    // The Notification Bot's first message in the channel sets its first_message_id.
    expect(seen).toEqual({
      guest: [],
      member: ['stream:create', 'subscription:add', 'stream:update'],
      moderator: ['stream:create', 'subscription:peer_add', 'stream:update'],
    });
    return { id, seen, unused: await outcome(Promise.resolve(null)) };
  }),
  scenario('events: a register-driven client (a terminal client) gets everything it reads at start-up', async (t) => {
    const owner = t.client('owner');
    const member = t.client('member');
    const general = (await member.channels.getId({ stream: 'general' })).stream_id;
    const { id: starred } = await owner.messages.send({
      type: 'stream',
      to: 'general',
      topic: 'start-up',
      content: 'Star me',
    });
    await member.messages.updateFlags({ messages: [starred], op: 'add', flag: 'starred' });
    await member.userTopics.update({ stream_id: general, topic: 'welcome', visibility_policy: 1 });
    // The request of a real register-driven client, with no client capabilities.
    const fetchEventTypes = [
      'realm',
      'presence',
      'subscription',
      'message',
      'starred_messages',
      'update_message_flags',
      'muted_topics',
      'realm_user',
      'realm_user_groups',
      'user_settings',
      'realm_emoji',
      'custom_profile_fields',
      'zulip_version',
    ];
    const state = (await member.events.register({
      fetch_event_types: fetchEventTypes,
      apply_markdown: true,
    })) as Record<string, unknown>;
    expect(state).toMatchObject({
      user_id: t.accounts.member.userId,
      email: t.accounts.member.email,
      full_name: 'Mike Member',
      starred_messages: [starred],
      muted_topics: [['general', 'welcome', expect.any(Number)]],
      zulip_version: expect.any(String),
    });
    expect(state['max_message_id']).toBeGreaterThanOrEqual(starred);
    expect(state['unread_msgs']).toMatchObject({
      count: expect.any(Number),
      streams: expect.any(Array),
      pms: expect.any(Array),
      huddles: expect.any(Array),
      mentions: expect.any(Array),
    });
    expect(
      (state['unread_msgs'] as { streams: { unread_message_ids: number[] }[] }).streams.some((s) =>
        s.unread_message_ids.includes(starred),
      ),
    ).toBe(true);
    for (const key of [
      'realm_users',
      'subscriptions',
      'presences',
      'realm_user_groups',
      'user_settings',
      'realm_emoji',
      'custom_profile_fields',
      'realm_name',
    ])
      expect(state, key).toHaveProperty(key);
    return { keys: Object.keys(state).sort() };
  }),
];
