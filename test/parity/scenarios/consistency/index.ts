import { expect } from 'vitest';
import { scenario, type Scenario } from '../../harness.js';
import { generatePushKeyPair, pushRegistrationParams } from '@teamchat/client-sdk/push';
import { expectConsistent } from '../shared/consistency.js';

/**
 * The real server's consistency test for every event-emitting endpoint: a register state plus
 * the events of an action, applied with the SDK's `applyEvent`, equals a fresh register.
 */
export const consistencyScenarios: Scenario[] = [
  scenario('events: state + events = fresh state, for messages, flags, reactions and reading', async (t) => {
    const member = t.client('member');
    const owner = t.client('owner');
    const general = (await member.channels.getId({ stream: 'general' })).stream_id;
    const seen: Record<string, string[]> = {};
    seen['send to channel'] = await expectConsistent(t, 'member', () =>
      owner.messages.send({ type: 'stream', to: 'general', topic: 'news', content: 'Hi @**Mike Member**' }),
    );
    seen['send direct'] = await expectConsistent(t, 'member', () =>
      owner.messages.send({ type: 'direct', to: [t.accounts.member.userId], content: 'psst' }),
    );
    seen['send group'] = await expectConsistent(t, 'member', () =>
      owner.messages.send({
        type: 'direct',
        to: [t.accounts.member.userId, t.accounts.guest.userId],
        content: 'all of us',
      }),
    );
    const { id } = await owner.messages.send({ type: 'stream', to: 'general', topic: 'news', content: 'second' });
    seen['star'] = await expectConsistent(t, 'member', () =>
      member.messages.updateFlags({ messages: [id], op: 'add', flag: 'starred' }),
    );
    await owner.realm.update({ moderation_request_channel_id: general });
    seen['report'] = await expectConsistent(t, 'member', () =>
      t.client('moderator').messages.report({ message_id: id, report_type: 'norms', description: 'Off topic.' }),
    );
    expect(seen['report']).toEqual(['message']);
    seen['read'] = await expectConsistent(t, 'member', () =>
      member.messages.updateFlags({ messages: [id], op: 'add', flag: 'read' }),
    );
    seen['unread'] = await expectConsistent(t, 'member', () =>
      member.messages.updateFlags({ messages: [id], op: 'remove', flag: 'read' }),
    );
    seen['react'] = await expectConsistent(t, 'member', () =>
      owner.messages.addReaction({ message_id: id, emoji_name: 'tada' }),
    );
    seen['edit'] = await expectConsistent(t, 'member', () =>
      owner.messages.update({ message_id: id, content: 'second, edited' }),
    );
    seen['move'] = await expectConsistent(t, 'member', () =>
      owner.messages.update({ message_id: id, topic: 'moved news', propagate_mode: 'change_all' }),
    );
    const { id: early } = await owner.messages.send({
      type: 'stream',
      to: 'general',
      topic: 'gone',
      content: 'to delete',
    });
    await owner.messages.send({ type: 'stream', to: 'general', topic: 'gone', content: 'stays' });
    seen['delete'] = await expectConsistent(t, 'member', () => owner.messages.delete({ message_id: early }));
    seen['mark topic'] = await expectConsistent(t, 'member', () =>
      member.messages.markTopicAsRead({ stream_id: general, topic_name: 'moved news' }),
    );
    seen['mark channel'] = await expectConsistent(t, 'member', () =>
      member.messages.markStreamAsRead({ stream_id: general }),
    );
    seen['mark all'] = await expectConsistent(t, 'member', () => member.messages.markAllAsRead({}));
    expect(seen['send to channel']).toEqual(['message']);
    expect(seen['mark all']).toEqual(['update_message_flags:add']);
    return seen;
  }),
];

/** More actions: channels, subscriptions, users, groups, settings, and the everyday endpoints. */
consistencyScenarios.push(
  scenario('events: state + events = fresh state, for channels and subscriptions', async (t) => {
    const owner = t.client('owner');
    const member = t.client('member');
    const seen: Record<string, string[]> = {};
    seen['create'] = await expectConsistent(t, 'member', () =>
      owner.channels.create({ name: 'launch', subscribers: [t.accounts.member.userId] }),
    );
    const launch = (await member.channels.getId({ stream: 'launch' })).stream_id;
    seen['describe'] = await expectConsistent(t, 'member', () =>
      owner.channels.update({ stream_id: launch, description: 'Going **live**' }),
    );
    seen['subscribe other'] = await expectConsistent(t, 'member', () =>
      owner.channels.subscribe({ subscriptions: [{ name: 'launch' }], principals: [t.accounts.moderator.userId] }),
    );
    seen['mute'] = await expectConsistent(t, 'member', () =>
      member.channels.updateSubscriptionProperties({
        subscription_data: [{ stream_id: launch, property: 'is_muted', value: true }],
      }),
    );
    seen['unsubscribe'] = await expectConsistent(t, 'member', () =>
      member.channels.unsubscribe({ subscriptions: ['launch'] }),
    );
    seen['add and delete'] = await expectConsistent(t, 'member', () =>
      member.channels.updateSubscriptions({ add: [{ name: 'launch' }], delete: ['engineering'] }),
    );
    seen['default'] = await expectConsistent(t, 'member', () => owner.defaultChannels.add({ stream_id: launch }));
    seen['not default'] = await expectConsistent(t, 'member', () =>
      owner.defaultChannels.remove({ stream_id: launch }),
    );
    seen['archive'] = await expectConsistent(t, 'member', () => owner.channels.archive({ stream_id: launch }));
    expect(seen['default']).toEqual(['default_streams']);
    return seen;
  }),

  scenario('events: state + events = fresh state, for users, groups and settings', async (t) => {
    const owner = t.client('owner');
    const member = t.client('member');
    const seen: Record<string, string[]> = {};
    seen['full name'] = await expectConsistent(t, 'member', () =>
      member.settings.update({ full_name: 'Mike M. Member' }),
    );
    seen['settings'] = await expectConsistent(t, 'member', () =>
      member.settings.update({ enable_sounds: false, default_language: 'de', timezone: 'Europe/Paris' }),
    );
    seen['legacy settings'] = await expectConsistent(
      t,
      'member',
      () => member.settings.update({ enter_sends: true, enable_sounds: true }),
      {
        register: { client_capabilities: {} },
      },
    );
    seen['presence off'] = await expectConsistent(t, 'member', () =>
      member.settings.update({ presence_enabled: false }),
    );
    seen['defaults'] = await expectConsistent(t, 'member', () =>
      owner.settings.updateRealmDefaults({ twenty_four_hour_time: true }),
    );
    seen['role'] = await expectConsistent(t, 'member', () =>
      owner.users.update({ user_id: t.accounts.member.userId, role: 300 }),
    );
    seen['role back'] = await expectConsistent(t, 'member', () =>
      owner.users.update({ user_id: t.accounts.member.userId, role: 400 }),
    );
    seen['create user'] = await expectConsistent(t, 'member', () =>
      owner.users.create({ email: 'nina@teamchat.example', password: 'nina-password', full_name: 'Nina New' }),
    );
    const { user_id } = await owner.users.getByEmail({ email: 'nina@teamchat.example' }).then((answer) => answer.user);
    seen['deactivate'] = await expectConsistent(t, 'member', () => owner.users.deactivate({ user_id }));
    seen['reactivate'] = await expectConsistent(t, 'member', () => owner.users.reactivate({ user_id }));
    seen['group'] = await expectConsistent(t, 'member', () =>
      owner.userGroups.create({ name: 'pilots', description: 'Early users', members: [t.accounts.member.userId] }),
    );
    const groups = (await owner.userGroups.list()).user_groups;
    const pilots = groups.find((g) => g.name === 'pilots')?.id ?? 0;
    const moderators = groups.find((g) => g.name === 'role:moderators')?.id ?? 0;
    seen['add subgroup'] = await expectConsistent(t, 'member', () =>
      owner.userGroups.updateSubgroups({ user_group_id: pilots, add: [moderators] }),
    );
    seen['remove subgroup'] = await expectConsistent(t, 'member', () =>
      owner.userGroups.updateSubgroups({ user_group_id: pilots, delete: [moderators] }),
    );
    expect([seen['add subgroup'], seen['remove subgroup']]).toEqual([
      ['user_group:add_subgroups'],
      ['user_group:remove_subgroups'],
    ]);
    return seen;
  }),

  scenario(
    'events: state + events = fresh state, for statuses, topics, muting, alert words, drafts, saved snippets and reminders',
    async (t) => {
      const owner = t.client('owner');
      const member = t.client('member');
      const general = (await member.channels.getId({ stream: 'general' })).stream_id;
      const seen: Record<string, string[]> = {};
      seen['status'] = await expectConsistent(t, 'member', () =>
        owner.users.updateStatus({ status_text: 'On a call', emoji_name: 'phone' }),
      );
      seen['status cleared'] = await expectConsistent(t, 'member', () =>
        owner.users.updateStatus({ status_text: '', emoji_name: '' }),
      );
      seen['away'] = await expectConsistent(t, 'member', () => member.users.updateStatus({ away: true }));
      await owner.messages.send({ type: 'stream', to: 'general', topic: 'noise', content: 'loud' });
      seen['mute topic'] = await expectConsistent(t, 'member', () =>
        member.userTopics.update({ stream_id: general, topic: 'noise', visibility_policy: 1 }),
      );
      seen['follow topic'] = await expectConsistent(t, 'member', () =>
        member.userTopics.update({ stream_id: general, topic: 'noise', visibility_policy: 3 }),
      );
      seen['legacy mute'] = await expectConsistent(
        t,
        'member',
        () => member.userTopics.muteTopic({ stream: 'general', topic: 'welcome', op: 'add' }),
        {
          register: {
            fetch_event_types: ['muted_topics', 'subscription', 'message', 'update_message_flags'],
            event_types: ['muted_topics', 'subscription', 'message', 'update_message_flags'],
          },
        },
      );
      await owner.messages.send({ type: 'direct', to: [t.accounts.member.userId], content: 'unread from the owner' });
      seen['mute user'] = await expectConsistent(t, 'member', () =>
        member.mutedUsers.mute({ muted_user_id: t.accounts.owner.userId }),
      );
      seen['unmute user'] = await expectConsistent(t, 'member', () =>
        member.mutedUsers.unmute({ muted_user_id: t.accounts.owner.userId }),
      );
      seen['alert words'] = await expectConsistent(t, 'member', () =>
        member.alertWords.add({ alert_words: ['deploy', 'Release'] }),
      );
      seen['alert word message'] = await expectConsistent(t, 'member', () =>
        owner.messages.send({ type: 'stream', to: 'general', topic: 'ops', content: 'The deploy is done.' }),
      );
      seen['remove alert word'] = await expectConsistent(t, 'member', () =>
        member.alertWords.remove({ alert_words: ['DEPLOY'] }),
      );
      let draftId = 0;
      seen['draft'] = await expectConsistent(t, 'member', async () => {
        draftId =
          (
            await member.drafts.create({
              drafts: [
                { type: 'stream', to: [general], topic: 'ideas', content: 'What if…', timestamp: 1_767_000_000 },
              ],
            })
          ).ids[0] ?? 0;
      });
      seen['edit draft'] = await expectConsistent(t, 'member', () =>
        member.drafts.update({
          draft_id: draftId,
          draft: {
            type: 'private',
            to: [t.accounts.owner.userId],
            content: 'Privately: what if…',
            timestamp: 1_767_000_100,
          },
        }),
      );
      seen['delete draft'] = await expectConsistent(t, 'member', () => member.drafts.remove({ draft_id: draftId }));
      let snippetId = 0;
      seen['saved snippet'] = await expectConsistent(t, 'member', async () => {
        snippetId = (await member.savedSnippets.create({ title: 'Greeting', content: 'Hello!' })).saved_snippet_id;
      });
      seen['edit saved snippet'] = await expectConsistent(t, 'member', () =>
        member.savedSnippets.update({ saved_snippet_id: snippetId, content: 'Hello there!' }),
      );
      seen['delete saved snippet'] = await expectConsistent(t, 'member', () =>
        member.savedSnippets.remove({ saved_snippet_id: snippetId }),
      );
      expect([seen['saved snippet'], seen['edit saved snippet'], seen['delete saved snippet']]).toEqual([
        ['saved_snippets:add'],
        ['saved_snippets:update'],
        ['saved_snippets:remove'],
      ]);
      const soon = Math.floor(t.clock.now() / 1000) + 60;
      let scheduledId = 0;
      seen['schedule'] = await expectConsistent(t, 'member', async () => {
        scheduledId = (
          await member.scheduledMessages.create({
            type: 'stream',
            to: general,
            topic: 'later',
            content: 'Later',
            scheduled_delivery_timestamp: soon,
          })
        ).scheduled_message_id;
      });
      seen['reschedule'] = await expectConsistent(t, 'member', () =>
        member.scheduledMessages.update({ scheduled_message_id: scheduledId, scheduled_delivery_timestamp: soon + 30 }),
      );
      seen['delivered'] = await expectConsistent(t, 'member', async () => {
        t.clock.advance(200_000);
        await member.users.me();
      });
      expect(seen['delivered']).toEqual(['message', 'scheduled_messages:remove']);
      const { id: remindMe } = await owner.messages.send({
        type: 'stream',
        to: 'general',
        topic: 'plans',
        content: 'Remind me',
      });
      let reminderId = 0;
      seen['reminder'] = await expectConsistent(t, 'member', async () => {
        reminderId = (
          await member.reminders.create({
            message_id: remindMe,
            scheduled_delivery_timestamp: Math.floor(t.clock.now() / 1000) + 60,
          })
        ).reminder_id;
      });
      seen['delete reminder'] = await expectConsistent(t, 'member', () =>
        member.reminders.remove({ reminder_id: reminderId }),
      );
      await member.reminders.create({
        message_id: remindMe,
        scheduled_delivery_timestamp: Math.floor(t.clock.now() / 1000) + 60,
      });
      seen['reminder delivered'] = await expectConsistent(t, 'member', async () => {
        t.clock.advance(200_000);
        await member.users.me();
      });
      expect([seen['reminder'], seen['delete reminder'], seen['reminder delivered']]).toEqual([
        ['reminders:add'],
        ['reminders:remove'],
        ['message', 'reminders:remove'],
      ]);
      seen['typing'] = await expectConsistent(t, 'member', () =>
        owner.typing.setStatus({ op: 'start', to: [t.accounts.member.userId] }),
      );
      expect(seen['typing']).toEqual(['typing:start']);
      expect(seen['mute user']).toEqual(['update_message_flags:add', 'muted_users']);
      return seen;
    },
  ),

  scenario('events: state + events = fresh state, for bots and push devices', async (t) => {
    const member = t.client('member');
    const admin = t.client('administrator');
    const seen: Record<string, string[]> = {};
    let botId = 0;
    seen['create bot'] = await expectConsistent(t, 'member', async () => {
      botId = (await member.bots.create({ full_name: 'Consistent Bot', short_name: 'consistent' })).user_id;
    });
    seen['create bot (administrator)'] = await expectConsistent(t, 'administrator', () =>
      member.bots.create({ full_name: 'Second Bot', short_name: 'second' }),
    );
    seen['rename bot'] = await expectConsistent(t, 'member', () =>
      member.bots.update({ bot_id: botId, full_name: 'Renamed Bot' }),
    );
    seen['new key'] = await expectConsistent(t, 'administrator', () => member.bots.regenerateApiKey({ bot_id: botId }));
    seen['new owner (old owner)'] = await expectConsistent(t, 'member', () =>
      admin.bots.update({ bot_id: botId, bot_owner_id: t.accounts.moderator.userId }),
    );
    seen['new owner (administrator)'] = await expectConsistent(t, 'administrator', () =>
      admin.bots.update({ bot_id: botId, bot_owner_id: t.accounts.member.userId }),
    );
    seen['deactivate bot'] = await expectConsistent(t, 'member', () => member.bots.deactivate({ bot_id: botId }));
    seen['reactivate bot'] = await expectConsistent(t, 'administrator', () =>
      admin.users.reactivate({ user_id: botId }),
    );
    seen['push device'] = await expectConsistent(t, 'member', async () => {
      const keyPair = generatePushKeyPair();
      await member.push.register(
        pushRegistrationParams({
          pushAccountId: 77,
          keyPair,
          bouncerPublicKey: t.bouncer.publicKeys()[0] ?? '',
          token: 'fcm-token-77',
          tokenKind: 'fcm',
          timestamp: Math.floor(t.clock.now() / 1000),
        }),
      );
      await t.settle();
    });
    expect(seen['create bot']).toContain('realm_bot:add');
    expect(seen['new owner (old owner)']).toContain('realm_bot:delete');
    expect(seen['push device']).toEqual(['push_device']);
    return seen;
  }),
);
