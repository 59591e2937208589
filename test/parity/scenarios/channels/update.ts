import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { eventReader } from './helpers.js';
import { groupIds, pendingEvents, uid } from '../user-groups/helpers.js';

/** The newest `n` notices in a channel's "channel events" topic, as the owner reads them. */
async function notices(t: Parameters<Scenario['run']>[0], channel: string, n: number) {
  const narrow = [
    { operator: 'channel', operand: channel },
    { operator: 'topic', operand: 'channel events' },
  ];
  const { messages } = await t
    .client('owner')
    .messages.list({ anchor: 'newest', num_before: n, num_after: 0, narrow, apply_markdown: false });
  return messages.map((m) => m.content);
}

/** PATCH /streams/{stream_id} (issue 5): every property, its checks, events and notices. */
export const channelUpdateScenarios: Scenario[] = [
  scenario(
    'channels: PATCH renames, describes, sets retention and topics policy with events and notices',
    async (t) => {
      const owner = t.client('owner');
      const { queue_id } = await t.client('member').events.register({ event_types: ['stream'] });
      await owner.channels.update({
        stream_id: 2,
        new_name: 'Eng',
        description: 'New\n**text**',
        message_retention_days: 90,
        topics_policy: 'disable_empty_topic',
      });
      const events = (await pendingEvents(t, 'member', queue_id ?? null)).map(({ id: _id, ...e }) => e);
      expect(events).toEqual([
        {
          type: 'stream',
          op: 'update',
          stream_id: 2,
          name: 'engineering',
          property: 'message_retention_days',
          value: 90,
        },
        {
          type: 'stream',
          op: 'update',
          stream_id: 2,
          name: 'engineering',
          property: 'topics_policy',
          value: 'disable_empty_topic',
        },
        {
          type: 'stream',
          op: 'update',
          stream_id: 2,
          name: 'engineering',
          property: 'description',
          value: 'New **text**',
          rendered_description: '<p>New <strong>text</strong></p>',
        },
        { type: 'stream', op: 'update', stream_id: 2, name: 'engineering', property: 'name', value: 'Eng' },
      ]);
      const texts = await notices(t, 'Eng', 4);
      expect(texts).toEqual([
        '@_**Olivia Owner|1** has changed the [message retention period](/help/message-retention-policy) for this channel:\n* **Old retention period**: Forever\n* **New retention period**: 90 days\n\nMessages in this channel will now be automatically deleted 90 days after they are sent.',
        '@_**Olivia Owner|1** changed the "Allow posting to the *general chat* topic?" setting from **Automatic** to **No *general chat* topic**.',
        '@_**Olivia Owner|1** changed the description for this channel.\n\n* **Old description:**\n```` quote\nBuilds, deploys and **code review**.\n````\n* **New description:**\n```` quote\nNew **text**\n````',
        '@_**Olivia Owner|1** renamed channel **engineering** to **Eng**.',
      ]);
      const errors = {
        sameName: await failure(owner.channels.update({ stream_id: 2, new_name: ' Eng ' })),
        taken: await failure(owner.channels.update({ stream_id: 2, new_name: 'GENERAL' })),
        empty: await failure(owner.channels.update({ stream_id: 2, new_name: '  ' })),
        emptyOnly: await failure(owner.channels.update({ stream_id: 2, topics_policy: 'empty_topic_only' })),
        retentionAdmin: await failure(
          t.client('administrator').channels.update({ stream_id: 2, message_retention_days: 'unlimited' }),
        ),
        topicsModeratorPolicy: await failure(
          t.client('administrator').channels.update({ stream_id: 2, description: 'x', folder_id: 77 }),
        ),
        defaultPrivate: await failure(owner.channels.update({ stream_id: 1, is_private: true })),
        publicProtected: await failure(owner.channels.update({ stream_id: 2, history_public_to_subscribers: false })),
        webPublic: await failure(owner.channels.update({ stream_id: 2, is_web_public: true })),
      };
      expect(errors.sameName.msg).toBe('Channel already has that name.');
      expect(errors.taken.msg).toBe("Channel 'GENERAL' already exists");
      expect(errors.empty.msg).toBe("Channel name can't be empty.");
      expect(errors.emptyOnly.msg).toBe(
        'To enable this configuration, all messages in this channel must be in the "general chat" topic. Consider renaming or deleting other topics.',
      );
      expect(errors.retentionAdmin).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization owner',
      });
      expect(errors.topicsModeratorPolicy.msg).toBe('Invalid channel folder ID');
      expect(errors.defaultPrivate.msg).toBe('A default channel cannot be private.');
      expect(errors.publicProtected.msg).toBe('Invalid parameters');
      expect(errors.webPublic.msg).toBe('Web-public channels are not enabled.');
      // Failed requests change nothing, not even the parts before the failing one.
      const { stream } = await owner.channels.get({ stream_id: 2 });
      expect(stream).toMatchObject({
        name: 'Eng',
        description: 'New **text**',
        message_retention_days: 90,
        topics_policy: 'disable_empty_topic',
      });
      // A case-only rename is allowed; an empty channel may take `empty_topic_only`.
      await owner.channels.update({ stream_id: 2, new_name: 'eng', message_retention_days: 'realm_default' });
      const { id: blank } = await owner.channels.create({ name: 'blank', subscribers: [] });
      // Its creation notice is in "channel events", so even a new channel cannot take empty_topic_only.
      const blankHasNotice = await failure(
        owner.channels.update({ stream_id: blank, topics_policy: 'empty_topic_only' }),
      );
      // A channel created with empty_topic_only gets its notices in the empty topic, so later
      // changes keep every message there.
      const { id: quiet } = await owner.channels.create({
        name: 'quiet',
        subscribers: [uid(t, 'owner')],
        topics_policy: 'empty_topic_only',
      });
      await owner.channels.update({ stream_id: quiet, description: 'Only one topic' });
      const { topics: quietTopics } = await owner.channels.listTopics({
        stream_id: quiet,
        allow_empty_topic_name: true,
      });
      expect(quietTopics.map((topic) => topic.name)).toEqual(['']);
      return {
        events,
        texts,
        errors,
        stream,
        blankHasNotice,
        quietTopics,
        after: (await owner.channels.get({ stream_id: 2 })).stream.name,
      };
    },
  ),

  scenario(
    'channels: folder_id on create and PATCH takes active folders only; null takes the channel out',
    async (t) => {
      const owner = t.client('owner');
      const { channel_folder_id: folder } = await owner.channelFolders.create({ name: 'Teams', description: '' });
      const { channel_folder_id: old } = await owner.channelFolders.create({ name: 'Old', description: '' });
      await owner.channelFolders.update({ channel_folder_id: old, is_archived: true });
      const { id } = await owner.channels.create({ name: 'foldered', subscribers: [], folder_id: folder });
      const created = (await owner.channels.get({ stream_id: id })).stream.folder_id;
      expect(created).toBe(folder);
      const read = eventReader(
        t,
        'member',
        (await t.client('member').events.register({ event_types: ['stream'] })).queue_id,
      );
      const archivedFolder = await failure(owner.channels.update({ stream_id: id, folder_id: old }));
      expect(archivedFolder.msg).toBe('Invalid channel folder ID');
      const viaSubscribe = await failure(
        owner.channels.subscribe({ subscriptions: [{ name: 'nowhere' }], folder_id: old }),
      );
      expect(viaSubscribe.msg).toBe('Invalid channel folder ID');
      await owner.channels.update({ stream_id: id, folder_id: null });
      const events = await read();
      expect(events).toEqual([
        { type: 'stream', op: 'update', stream_id: id, name: 'foldered', property: 'folder_id', value: null },
      ]);
      await owner.channels.update({ stream_id: 2, folder_id: folder });
      expect((await owner.channels.get({ stream_id: 2 })).stream.folder_id).toBe(folder);
      return { created, archivedFolder, viaSubscribe, events };
    },
  ),

  scenario(
    'channels: PATCH privacy sends invite_only updates, creates for new viewers, and needs content access',
    async (t) => {
      const owner = t.client('owner');
      const { id } = await owner.channels.create({
        name: 'hidden',
        subscribers: [uid(t, 'owner'), uid(t, 'member')],
        invite_only: true,
      });
      const q = async (role: 'member' | 'moderator' | 'guest') =>
        eventReader(
          t,
          role,
          (await t.client(role).events.register({ event_types: ['stream', 'subscription'] })).queue_id,
        );
      const readers = { member: await q('member'), moderator: await q('moderator'), guest: await q('guest') };
      await owner.channels.update({ stream_id: id, is_private: false });
      const read = (role: 'member' | 'moderator' | 'guest') => readers[role]();
      const madePublic = {
        member: await read('member'),
        moderator: await read('moderator'),
        guest: await read('guest'),
      };
      expect(madePublic.member).toEqual([
        {
          type: 'stream',
          op: 'update',
          stream_id: id,
          name: 'hidden',
          property: 'invite_only',
          value: false,
          history_public_to_subscribers: true,
          is_web_public: false,
        },
      ]);
      expect(madePublic.moderator.map((e) => `${e['type']} ${e['op']}`)).toEqual([
        'stream create',
        'subscription peer_add',
      ]);
      expect(madePublic.guest).toEqual([]);
      await owner.channels.update({ stream_id: id, is_private: true, history_public_to_subscribers: true });
      const madePrivate = { member: await read('member'), moderator: await read('moderator') };
      expect(madePrivate.member[0]).toMatchObject({
        property: 'invite_only',
        value: true,
        history_public_to_subscribers: true,
      });
      const texts = await notices(t, 'hidden', 2);
      expect(texts).toEqual([
        '@_**Olivia Owner|1** changed the [access permissions](/help/channel-permissions) for this channel from **Private, protected history** to **Public**.',
        '@_**Olivia Owner|1** changed the [access permissions](/help/channel-permissions) for this channel from **Public** to **Private, shared history**.',
      ]);
      // An administrator who is not subscribed administers the channel but cannot read it.
      const contentNeeded = await failure(
        t.client('administrator').channels.update({ stream_id: id, is_private: false }),
      );
      expect(contentNeeded.msg).toBe('Channel content access is required.');
      const described = await t
        .client('administrator')
        .channels.update({ stream_id: id, description: 'ok for admins' });
      const notAdmin = await failure(t.client('member').channels.update({ stream_id: id, description: 'mine' }));
      expect(notAdmin).toMatchObject({ code: 'CANNOT_ADMINISTER_CHANNEL', status: 400 });
      const noAccess = await failure(t.client('moderator').channels.update({ stream_id: id, description: 'x' }));
      expect(noAccess).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
      const defaultByMember = await failure(
        t.client('member').channels.update({ stream_id: 2, is_default_stream: true }),
      );
      return { madePublic, madePrivate, texts, contentNeeded, described, notAdmin, noAccess, defaultByMember };
    },
  ),

  scenario(
    'channels: PATCH group settings checks old values and access, and tells those who gain or lose sight',
    async (t) => {
      const ids = await groupIds(t);
      const owner = t.client('owner');
      const { id } = await owner.channels.create({ name: 'ops', subscribers: [uid(t, 'owner')], invite_only: true });
      const read = eventReader(
        t,
        'moderator',
        (await t.client('moderator').events.register({ event_types: ['stream', 'subscription'] })).queue_id,
      );
      const mismatch = await failure(
        owner.channels.update({
          stream_id: id,
          can_send_message_group: { new: ids['role:members'] as number, old: ids['role:nobody'] as number },
        }),
      );
      expect(mismatch).toMatchObject({ code: 'EXPECTATION_MISMATCH', status: 400 });
      const badGroup = await failure(owner.channels.update({ stream_id: id, can_subscribe_group: { new: 4242 } }));
      expect(badGroup.msg).toBe('Invalid user group');
      await owner.channels.update({
        stream_id: id,
        can_send_message_group: { new: ids['role:administrators'] as number, old: ids['role:everyone'] as number },
        can_administer_channel_group: {
          new: { direct_members: [uid(t, 'owner'), uid(t, 'moderator')], direct_subgroups: [] },
        },
      });
      const gained = await read();
      // Settings apply in the server's order: can_administer_channel_group gives the moderator sight
      // (creation and subscribers) before the can_send_message_group updates reach it.
      expect(gained.map((e) => `${e['type']} ${e['op']} ${e['property'] ?? ''}`.trim())).toEqual([
        'stream create',
        'subscription peer_add',
        'stream update can_send_message_group',
        'stream update stream_post_policy',
        'stream update is_announcement_only',
      ]);
      const { stream } = await owner.channels.get({ stream_id: id });
      expect(stream).toMatchObject({
        stream_post_policy: 2,
        is_announcement_only: true,
        can_send_message_group: ids['role:administrators'],
      });
      const posting = await notices(t, 'ops', 1);
      expect(posting).toEqual([
        '@_**Olivia Owner|1** changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n* **Old**: @_*role:everyone*\n* **New**: @_*role:administrators*\n',
      ]);
      // The moderator administers the channel now but cannot read it: access-granting settings are refused.
      const contentNeeded = await failure(
        t
          .client('moderator')
          .channels.update({ stream_id: id, can_add_subscribers_group: { new: ids['role:members'] as number } }),
      );
      expect(contentNeeded.msg).toBe('Channel content access is required.');
      const noop = await t
        .client('moderator')
        .channels.update({ stream_id: id, can_resolve_topics_group: { new: ids['role:nobody'] as number } });
      await owner.channels.update({
        stream_id: id,
        can_administer_channel_group: { new: { direct_members: [uid(t, 'owner')], direct_subgroups: [] } },
      });
      const lost = await read();
      expect(lost).toEqual([{ type: 'stream', op: 'delete', stream_ids: [id], streams: [{ stream_id: id }] }]);
      return { mismatch, badGroup, gained, stream, posting, contentNeeded, noop, lost };
    },
  ),
];
