import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { channelAccessScenarios } from './access.js';
import { channelPermissionMatrix } from './permission-matrix.js';
import { channelUpdateScenarios } from './update.js';
import { channelWebPublicScenarios } from './web-public.js';
import { newest, queues, shapes } from './helpers.js';
import { groupIds, uid } from '../user-groups/helpers.js';

/** Every field of the Channel object, in the order the real server sends them. */
const CHANNEL_FIELDS = [
  'stream_id',
  'name',
  'is_archived',
  'description',
  'rendered_description',
  'date_created',
  'creator_id',
  'invite_only',
  'is_web_public',
  'stream_post_policy',
  'is_announcement_only',
  'message_retention_days',
  'history_public_to_subscribers',
  'topics_policy',
  'first_message_id',
  'folder_id',
  'is_recently_active',
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
  'subscriber_count',
  'stream_weekly_traffic',
];

/**
 * Scenarios of channels (issue 5, "Channels"): creation through both endpoints with every
 * option and error, the full Channel object and the events of each change; then (from the
 * other files) access rules, updates, archiving and the permission matrix.
 */
export const channelScenarios: Scenario[] = [
  scenario('channels: create with every option gives the full channel object, events and notices', async (t) => {
    const ids = await groupIds(t);
    const q = await queues(t, ['owner', 'administrator', 'moderator', 'member', 'guest'], ['stream', 'subscription']);
    const { id } = await t.client('owner').channels.create({
      name: 'board',
      description: 'The **board**',
      subscribers: [uid(t, 'owner'), uid(t, 'member')],
      announce: true,
      invite_only: true,
      history_public_to_subscribers: true,
      message_retention_days: 30,
      topics_policy: 'disable_empty_topic',
      can_send_message_group: ids['role:moderators'] as number,
      can_subscribe_group: { direct_members: [uid(t, 'moderator')], direct_subgroups: [] },
    });
    const { stream } = await t.client('owner').channels.get({ stream_id: id });
    expect(Object.keys(stream)).toEqual(CHANNEL_FIELDS);
    expect(stream).toMatchObject({
      name: 'board',
      invite_only: true,
      is_web_public: false,
      history_public_to_subscribers: true,
      message_retention_days: 30,
      topics_policy: 'disable_empty_topic',
      creator_id: uid(t, 'owner'),
      is_recently_active: true,
      folder_id: null,
      stream_post_policy: 4,
      is_announcement_only: false,
      subscriber_count: 2,
      can_add_subscribers_group: ids['role:nobody'],
      can_administer_channel_group: { direct_members: [uid(t, 'owner')], direct_subgroups: [] },
      can_remove_subscribers_group: ids['role:administrators'],
      can_send_message_group: ids['role:moderators'],
      can_subscribe_group: { direct_members: [uid(t, 'moderator')], direct_subgroups: [] },
    });
    expect(stream.first_message_id).toEqual(expect.any(Number));
    const events = await q.read();
    // Administrators see every channel; the moderator is in can_subscribe_group; the member
    // gains access by subscribing; the guest sees nothing.
    // The new subscribers learn of each other from `subscription add`, not from peer_add.
    expect(shapes(events['owner'] ?? [])).toEqual([
      'stream create',
      'subscription add',
      'stream update first_message_id',
    ]);
    expect(shapes(events['administrator'] ?? [])).toEqual([
      'stream create',
      `subscription peer_add ${id}`,
      'stream update first_message_id',
    ]);
    expect(shapes(events['moderator'] ?? [])).toEqual([
      'stream create',
      `subscription peer_add ${id}`,
      'stream update first_message_id',
    ]);
    expect(shapes(events['member'] ?? [])).toEqual([
      'stream create',
      'subscription add',
      'stream update first_message_id',
    ]);
    expect(events['guest']).toEqual([]);
    const notice = await newest(t, 'board');
    expect(notice).toEqual([
      {
        sender: 'Notification Bot',
        topic: 'channel events',
        content:
          '**Private, shared history** channel created by @_**Olivia Owner|1**. **Description:**\n```` quote\nThe **board**\n````',
      },
    ]);
    const announcement = await newest(t, 'general', 'new channels');
    expect(announcement).toEqual([
      {
        sender: 'Notification Bot',
        topic: 'new channels',
        content: '@_**Olivia Owner|1** created a new channel #**board**.',
      },
    ]);
    return { stream, events, notice, announcement };
  }),

  scenario('channels: create refuses every bad option with the real errors and creates nothing', async (t) => {
    const owner = t.client('owner');
    const member = t.client('member');
    await t
      .client('owner')
      .channels.archive({ stream_id: (await owner.channels.getId({ stream: 'engineering' })).stream_id });
    const errors = {
      archivedName: await failure(owner.channels.create({ name: 'Engineering', subscribers: [] })),
      webPublicPrivate: await failure(
        owner.channels.create({ name: 'x', subscribers: [], is_web_public: true, invite_only: true }),
      ),
      webPublicDisabled: await failure(owner.channels.create({ name: 'x', subscribers: [], is_web_public: true })),
      retentionZero: await failure(owner.channels.create({ name: 'x', subscribers: [], message_retention_days: 0 })),
      retentionForever: await failure(
        owner.channels.create({ name: 'x', subscribers: [], message_retention_days: 'forever' }),
      ),
      retentionAdmin: await failure(
        t.client('administrator').channels.create({ name: 'x', subscribers: [], message_retention_days: 'unlimited' }),
      ),
      topicsPolicyMember: await failure(
        member.channels.create({ name: 'x', subscribers: [], topics_policy: 'empty_topic_only' }),
      ),
      folder: await failure(owner.channels.create({ name: 'x', subscribers: [], folder_id: 999 })),
      description: await failure(owner.channels.create({ name: 'x', subscribers: [], description: 'd'.repeat(1025) })),
      deactivatedSubscriber: await (async () => {
        await owner.users.deactivate({ user_id: uid(t, 'moderator') });
        return failure(owner.channels.create({ name: 'x', subscribers: [uid(t, 'moderator')] }));
      })(),
      bot: await failure(t.client('bot').channels.create({ name: 'x', subscribers: [], is_default_stream: true })),
    };
    expect(errors.archivedName).toMatchObject({
      code: 'CHANNEL_ALREADY_EXISTS',
      msg: "Channel 'Engineering' already exists",
      status: 409,
    });
    expect(errors.webPublicPrivate.msg).toBe('Invalid parameters');
    expect(errors.webPublicDisabled.msg).toBe('Web-public channels are not enabled.');
    expect(errors.retentionZero).toMatchObject({
      code: 'REQUEST_VARIABLE_INVALID',
      msg: "Bad value for 'message_retention_days': 0",
    });
    expect(errors.retentionForever.code).toBe('REQUEST_VARIABLE_INVALID');
    expect(errors.retentionAdmin).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
    expect(errors.topicsPolicyMember.msg).toBe('Insufficient permission');
    expect(errors.folder.msg).toBe('Invalid channel folder ID');
    expect(errors.description.msg).toBe('description is too long (limit: 1024 characters)');
    expect(errors.deactivatedSubscriber.msg).toBe('User is deactivated');
    expect(errors.bot).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    const { streams } = await owner.channels.list({ include_all: true, exclude_archived: false });
    expect(streams.map((s) => s.name)).toEqual(['engineering', 'general']);
    // A realm_default retention needs no owner; a public channel always shares its history.
    const ok = await t.client('administrator').channels.create({
      name: 'ok',
      subscribers: [],
      message_retention_days: 'realm_default',
      history_public_to_subscribers: false,
    });
    const { stream } = await owner.channels.get({ stream_id: ok.id });
    expect(stream).toMatchObject({
      message_retention_days: null,
      history_public_to_subscribers: true,
      invite_only: false,
    });
    return { errors, stream };
  }),

  scenario(
    'channels: POST /users/me/subscriptions subscribes, creates missing channels and reports both',
    async (t) => {
      const member = t.client('member');
      const q = await queues(t, ['member', 'moderator', 'guest'], ['stream', 'subscription']);
      const mine = await member.channels.subscribe({
        subscriptions: [
          { name: 'general' },
          { name: ' launch ', description: 'Go\nlive', color: '#ABC' },
          { name: 'engineering' },
        ],
      });
      expect(mine).toMatchObject({
        subscribed: { [uid(t, 'member')]: ['launch'] },
        already_subscribed: { [uid(t, 'member')]: ['general', 'engineering'] },
      });
      expect(mine.unauthorized).toBeUndefined();
      const { subscriptions } = await member.channels.listSubscriptions();
      const launch = subscriptions.find((s) => s.name === 'launch');
      // Colours are stored as clients expect them: lowercase #rrggbb.
      expect(launch).toMatchObject({ color: '#aabbcc', description: 'Go live', creator_id: uid(t, 'member') });
      const others = await member.channels.subscribe({
        subscriptions: [{ name: 'engineering' }, { name: 'launch' }],
        principals: [uid(t, 'moderator'), uid(t, 'guest')],
      });
      expect(others.subscribed).toEqual({
        [uid(t, 'moderator')]: ['engineering', 'launch'],
        [uid(t, 'guest')]: ['engineering', 'launch'],
      });
      const byEmail = await member.channels.subscribe({
        subscriptions: [{ name: 'general' }],
        principals: [t.accounts.moderator.email],
      });
      expect(byEmail).toMatchObject({ subscribed: {}, already_subscribed: { [uid(t, 'moderator')]: ['general'] } });
      const events = await q.read();
      const dm = (
        await t.client('moderator').messages.list({
          anchor: 'newest',
          num_before: 1,
          num_after: 0,
          narrow: [{ operator: 'is', operand: 'dm' }],
          apply_markdown: false,
        })
      ).messages;
      expect(dm.map((m) => m.content)).toEqual([
        '@_**Mike Member|4** subscribed you to the following channels:\n\n* #**engineering**\n* #**launch**\n',
      ]);
      expect(shapes(events['guest'] ?? [])).toEqual(['stream create', 'stream create', 'subscription add']);
      expect((events['guest']?.[2]?.['subscriptions'] as { name: string }[]).map((sub) => sub.name)).toEqual([
        'engineering',
        'launch',
      ]);
      return { mine, launch, others, byEmail, events, dm };
    },
  ),

  scenario(
    'channels: POST /users/me/subscriptions refuses what the caller may not do and changes nothing',
    async (t) => {
      const owner = t.client('owner');
      const member = t.client('member');
      await owner.channels.create({ name: 'secret', subscribers: [uid(t, 'owner')], invite_only: true });
      const errors = {
        private: await failure(member.channels.subscribe({ subscriptions: [{ name: 'secret' }, { name: 'fresh' }] })),
        guest: await failure(t.client('guest').channels.subscribe({ subscriptions: [{ name: 'engineering' }] })),
        color: await failure(member.channels.subscribe({ subscriptions: [{ name: 'general', color: 'red' }] })),
        name: await failure(member.channels.subscribe({ subscriptions: [{ name: 'bad\u0000name' }] })),
        principal: await failure(
          member.channels.subscribe({ subscriptions: [{ name: 'general' }], principals: [4242] }),
        ),
        email: await failure(
          member.channels.subscribe({ subscriptions: [{ name: 'general' }], principals: ['nobody@example.com'] }),
        ),
        privateCreate: await failure(
          member.channels.subscribe({ subscriptions: [{ name: 'p' }], invite_only: true, is_default_stream: true }),
        ),
        // Administering the organization does not let anyone into a private channel they cannot read.
        adminNoAccess: await failure(
          t.client('administrator').channels.subscribe({ subscriptions: [{ name: 'secret' }] }),
        ),
      };
      expect(errors.private).toMatchObject({ code: 'BAD_REQUEST', msg: 'Unable to access channel (secret).' });
      // A guest may not join a public channel it is not subscribed to (the real filter_stream_authorization).
      expect(errors.guest).toMatchObject({ code: 'BAD_REQUEST', msg: 'Unable to access channel (engineering).' });
      expect(errors.color.msg).toBe('add.color is not a valid hex color code');
      expect(errors.name.msg).toBe('Invalid character in channel name, at position 4.');
      expect(errors.principal.msg).toBe('No such user');
      expect(errors.email.msg).toBe('No such user');
      expect(errors.adminNoAccess).toMatchObject({ code: 'BAD_REQUEST', msg: 'Unable to access channel (secret).' });
      expect(errors.privateCreate).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
      const { streams } = await owner.channels.list({ include_all: true });
      expect(streams.map((s) => s.name)).toEqual(['engineering', 'general', 'secret']);
      const soft = await member.channels.subscribe({
        subscriptions: [{ name: 'secret' }, { name: 'fresh' }],
        authorization_errors_fatal: false,
      });
      expect(soft).toEqual({
        subscribed: { [uid(t, 'member')]: ['fresh'] },
        already_subscribed: {},
        unauthorized: ['secret'],
        new_subscription_messages_sent: true,
      });
      // In can_subscribe_group, the moderator may join the private channel; reading it, the
      // moderator may then add others too (the organization's can_add_subscribers_group).
      const secretId = (await owner.channels.getId({ stream: 'secret' })).stream_id;
      await owner.channels.update({
        stream_id: secretId,
        can_subscribe_group: { new: (await groupIds(t))['role:moderators'] as number },
      });
      const joined = await t.client('moderator').channels.subscribe({ subscriptions: [{ name: 'secret' }] });
      expect(joined.subscribed).toEqual({ [uid(t, 'moderator')]: ['secret'] });
      const added = await t
        .client('moderator')
        .channels.subscribe({ subscriptions: [{ name: 'secret' }], principals: [uid(t, 'member')] });
      expect(added.subscribed).toEqual({ [uid(t, 'member')]: ['secret'] });
      return { errors, soft, joined, added };
    },
  ),

  ...channelAccessScenarios,
  ...channelUpdateScenarios,
  ...channelWebPublicScenarios,
  channelPermissionMatrix,
];
