import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { subscriptionPermissionMatrix } from './subscriptions-permission-matrix.js';
import { subscriptionPropertyScenarios } from './subscriptions-properties.js';
import { channelId, SUBSCRIPTION_EVENTS as EVENTS, subscribedNames } from './subscriptions-helpers.js';
import { groupIds, pendingEvents, uid } from '../user-groups/helpers.js';

/**
 * Scenarios of subscriptions (issue 5, part "Subscriptions"): GET, DELETE (oneself and
 * others, with every refusal), what leaving a private channel takes away, GET
 * /users/{id}/subscriptions/{stream_id}; the personal properties are in
 * `subscriptions-properties.ts`, the role matrix in `subscriptions-permission-matrix.ts`.
 */
export const subscriptionScenarios: Scenario[] = [
  scenario(
    'channels: subscriptions, GET lists active subscriptions by name, with subscribers only on request',
    async (t) => {
      const member = t.client('member');
      const plain = await member.channels.listSubscriptions();
      expect(plain.subscriptions.map((s) => s.name)).toEqual(['engineering', 'general']);
      for (const sub of plain.subscriptions) {
        expect(sub).not.toHaveProperty('subscribers');
        expect(sub).toMatchObject({
          is_muted: false,
          in_home_view: true,
          pin_to_top: false,
          desktop_notifications: null,
          audible_notifications: null,
          push_notifications: null,
          email_notifications: null,
          wildcard_mentions_notify: null,
          color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        });
      }
      const everyone = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'] as const;
      const generalSubscribers = everyone.map((role) => uid(t, role)).sort((a, b) => a - b);
      const engineeringSubscribers = (['owner', 'administrator', 'member', 'bot'] as const)
        .map((role) => uid(t, role))
        .sort((a, b) => a - b);
      const full = await member.channels.listSubscriptions({ include_subscribers: true });
      expect(full.subscriptions.map((s) => [s.name, s.subscribers])).toEqual([
        ['engineering', engineeringSubscribers],
        ['general', generalSubscribers],
      ]);
      // Small channels get the full list under `partial` too.
      const partial = await member.channels.listSubscriptions({ include_subscribers: 'partial' });
      expect(partial.subscriptions.map((s) => [s.name, s.subscribers, s.partial_subscribers])).toEqual([
        ['engineering', engineeringSubscribers, undefined],
        ['general', generalSubscribers, undefined],
      ]);
      expect(await subscribedNames(t, 'guest')).toEqual(['general']);
      // A channel one is not subscribed to is not listed, even when visible.
      await t.client('owner').channels.create({ name: 'owners-only', subscribers: [uid(t, 'owner')] });
      expect(await subscribedNames(t, 'member')).toEqual(['engineering', 'general']);
      expect(await subscribedNames(t, 'owner')).toEqual(['engineering', 'general', 'owners-only']);
      const badFlag = await t.raw('GET', '/users/me/subscriptions', {
        role: 'member',
        params: { include_subscribers: 'sometimes' },
      });
      expect(badFlag.status).toBe(400);
      expect(badFlag.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
      expect(badFlag.body).toMatchObject({ msg: 'Invalid include_subscribers', var_name: 'include_subscribers' });
      return { plain, full, partial, badFlag: badFlag.body };
    },
  ),

  scenario(
    'channels: subscriptions, DELETE unsubscribes the caller, reports not_removed, emits remove and peer_remove',
    async (t) => {
      const member = t.client('member');
      const [engineering, general] = [await channelId(t, 'engineering'), await channelId(t, 'general')];
      const ownerQueue = await t.client('owner').events.register(EVENTS);
      const memberQueue = await member.events.register(EVENTS);
      const guestQueue = await t.client('guest').events.register(EVENTS);
      const first = await member.channels.unsubscribe({ subscriptions: ['engineering', '  general  '] });
      expect(first).toMatchObject({ removed: ['engineering', 'general'], not_removed: [] });
      const again = await member.channels.unsubscribe({ subscriptions: ['ENGINEERING'] });
      expect(again).toMatchObject({ removed: [], not_removed: ['engineering'] });
      const memberEvents = await pendingEvents(t, 'member', memberQueue.queue_id);
      // Public channels stay visible to a member: no `stream delete`.
      expect(memberEvents).toEqual([
        {
          type: 'subscription',
          op: 'remove',
          subscriptions: [
            { name: 'engineering', stream_id: engineering },
            { name: 'general', stream_id: general },
          ],
          id: 0,
        },
      ]);
      const peerRemove = (streamId: number, id: number) => ({
        type: 'subscription',
        op: 'peer_remove',
        stream_ids: [streamId],
        user_ids: [uid(t, 'member')],
        id,
      });
      const ownerEvents = await pendingEvents(t, 'owner', ownerQueue.queue_id);
      expect(ownerEvents).toEqual([peerRemove(engineering, 0), peerRemove(general, 1)]);
      // The guest sees `general` only.
      const guestEvents = await pendingEvents(t, 'guest', guestQueue.queue_id);
      expect(guestEvents).toEqual([peerRemove(general, 0)]);
      expect(await subscribedNames(t, 'member')).toEqual([]);
      const subscribers = await t.client('owner').channels.listSubscriptions({ include_subscribers: true });
      expect(subscribers.subscriptions.find((s) => s.name === 'general')?.subscribers).not.toContain(uid(t, 'member'));
      // The former subscriptions come back in POST /register as `unsubscribed`.
      const state = await member.events.register({ event_types: ['subscription'] });
      expect((state['unsubscribed'] as { name: string }[]).map((s) => s.name).sort()).toEqual([
        'engineering',
        'general',
      ]);
      expect(state['subscriptions']).toEqual([]);
      return { first, again, memberEvents, ownerEvents, guestEvents, unsubscribed: state['unsubscribed'] };
    },
  ),

  scenario(
    'channels: subscriptions, DELETE refuses bad input with the real messages and changes nothing',
    async (t) => {
      const member = t.client('member');
      await t.client('owner').users.deactivate({ user_id: uid(t, 'moderator') });
      const errors = {
        unknown: await failure(member.channels.unsubscribe({ subscriptions: ['general', 'nope', 'gone'] })),
        empty: await failure(member.channels.unsubscribe({ subscriptions: ['  '] })),
        noSuchUserId: await failure(
          t.client('administrator').channels.unsubscribe({ subscriptions: ['general'], principals: [99_999] }),
        ),
        noSuchEmail: await failure(
          t
            .client('administrator')
            .channels.unsubscribe({ subscriptions: ['general'], principals: ['nobody@example.invalid'] }),
        ),
        deactivated: await failure(
          t
            .client('administrator')
            .channels.unsubscribe({ subscriptions: ['general'], principals: [uid(t, 'moderator')] }),
        ),
        others: await failure(
          member.channels.unsubscribe({ subscriptions: ['general'], principals: [uid(t, 'guest')] }),
        ),
        // Permission comes before existence, as on the real server.
        othersAndUnknown: await failure(
          member.channels.unsubscribe({ subscriptions: ['general', 'nope'], principals: [uid(t, 'guest')] }),
        ),
        guestOthers: await failure(
          t.client('guest').channels.unsubscribe({ subscriptions: ['general'], principals: [uid(t, 'member')] }),
        ),
      };
      expect(errors).toEqual({
        unknown: { code: 'BAD_REQUEST', msg: 'Channel(s) (nope, gone) do not exist', status: 400, extra: {} },
        empty: { code: 'BAD_REQUEST', msg: "Channel name can't be empty.", status: 400, extra: {} },
        noSuchUserId: { code: 'BAD_REQUEST', msg: 'No such user', status: 400, extra: {} },
        noSuchEmail: { code: 'BAD_REQUEST', msg: 'No such user', status: 400, extra: {} },
        deactivated: { code: 'BAD_REQUEST', msg: 'User is deactivated', status: 400, extra: {} },
        others: { code: 'BAD_REQUEST', msg: 'Insufficient permission', status: 400, extra: {} },
        othersAndUnknown: { code: 'BAD_REQUEST', msg: 'Insufficient permission', status: 400, extra: {} },
        guestOthers: { code: 'BAD_REQUEST', msg: 'Insufficient permission', status: 400, extra: {} },
      });
      const missing = await t.raw('DELETE', '/users/me/subscriptions', { role: 'member', body: '' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ result: 'error', msg: "Missing 'subscriptions' argument" });
      const notJson = await t.raw('DELETE', '/users/me/subscriptions', {
        role: 'member',
        body: 'subscriptions=general',
      });
      expect(notJson.status).toBe(400);
      expect(await subscribedNames(t, 'member')).toEqual(['engineering', 'general']);
      expect(await subscribedNames(t, 'guest')).toEqual(['general']);
      // An empty `principals` list means the caller.
      const self = await member.channels.unsubscribe({ subscriptions: ['general'], principals: [] });
      expect(self).toMatchObject({ removed: ['general'], not_removed: [] });
      expect(notJson.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'subscriptions is not valid JSON' });
      return { errors, missing: missing.body, notJson: notJson.body, self };
    },
  ),

  scenario(
    'channels: subscriptions, removing others needs admin, can_remove_subscribers_group, channel administration or owning the bot',
    async (t) => {
      const ids = await groupIds(t);
      const owner = t.client('owner');
      const [member, guest, moderator] = [uid(t, 'member'), uid(t, 'guest'), uid(t, 'moderator')];
      await owner.channels.create({
        name: 'open-door',
        subscribers: [member, guest],
        can_remove_subscribers_group: ids['role:members'] as number,
      });
      await owner.channels.create({
        name: 'hidden',
        invite_only: true,
        subscribers: [uid(t, 'owner'), member],
        can_remove_subscribers_group: ids['role:moderators'] as number,
      });
      await owner.channels.create({
        name: 'hidden-but-known',
        invite_only: true,
        subscribers: [uid(t, 'owner'), member],
        can_remove_subscribers_group: ids['role:moderators'] as number,
        can_add_subscribers_group: ids['role:moderators'] as number,
      });
      await t.client('member').channels.create({ name: 'member-run', subscribers: [member, moderator] });
      const guestQueue = await t.client('guest').events.register(EVENTS);
      const results = {
        byGroup: await t.client('member').channels.unsubscribe({ subscriptions: ['open-door'], principals: [guest] }),
        // In the group but unable to see the channel.
        blind: await failure(
          t.client('moderator').channels.unsubscribe({ subscriptions: ['hidden'], principals: [member] }),
        ),
        // Seeing it through `can_add_subscribers_group`.
        seeing: await t
          .client('moderator')
          .channels.unsubscribe({ subscriptions: ['hidden-but-known'], principals: [member] }),
        // The creator administers the channel (default `can_administer_channel_group`).
        channelAdmin: await t
          .client('member')
          .channels.unsubscribe({ subscriptions: ['member-run'], principals: [moderator] }),
        // Organization administrators may, even where they are not subscribed.
        realmAdmin: await t
          .client('administrator')
          .channels.unsubscribe({ subscriptions: ['hidden'], principals: [member] }),
        // By email address too.
        byEmail: await t
          .client('administrator')
          .channels.unsubscribe({ subscriptions: ['general'], principals: [t.accounts.guest.email] }),
      };
      expect(results.blind).toEqual({ code: 'BAD_REQUEST', msg: 'Insufficient permission', status: 400, extra: {} });
      for (const key of ['byGroup', 'seeing', 'channelAdmin', 'realmAdmin'] as const) {
        expect(results[key]).toMatchObject({ not_removed: [] });
        expect((results[key] as { removed: string[] }).removed).toHaveLength(1);
      }
      expect(results.byEmail).toMatchObject({ removed: ['general'], not_removed: [] });
      // A guest removed from public channels loses sight of them.
      const guestEvents = await pendingEvents(t, 'guest', guestQueue.queue_id);
      expect(guestEvents.map((e) => [e['type'], e['op'], e['stream_ids'] ?? e['subscriptions']])).toEqual([
        ['subscription', 'remove', [{ name: 'open-door', stream_id: await channelId(t, 'open-door') }]],
        ['stream', 'delete', [await channelId(t, 'open-door')]],
        ['subscription', 'remove', [{ name: 'general', stream_id: await channelId(t, 'general') }]],
        ['stream', 'delete', [await channelId(t, 'general')]],
      ]);
      expect(await subscribedNames(t, 'guest')).toEqual([]);

      // A bot's owner may remove it without any other right: make the owner a plain member first.
      await owner.users.update({ user_id: uid(t, 'administrator'), role: 100 });
      await t.client('administrator').users.update({ user_id: uid(t, 'owner'), role: 400 });
      const ownBot = await owner.channels.unsubscribe({ subscriptions: ['engineering'], principals: [uid(t, 'bot')] });
      expect(ownBot).toMatchObject({ removed: ['engineering'], not_removed: [] });
      // Its bot plus someone else, on a channel the former owner does not administer.
      const botAndOther = await failure(
        owner.channels.unsubscribe({ subscriptions: ['member-run'], principals: [uid(t, 'bot'), member] }),
      );
      expect(botAndOther.msg).toBe('Insufficient permission');
      return { results, guestEvents, ownBot, botAndOther };
    },
  ),

  scenario(
    'channels: subscriptions, leaving a private channel takes it out of sight of non-administrators',
    async (t) => {
      const owner = t.client('owner');
      const { id } = await owner.channels.create({
        name: 'secret',
        invite_only: true,
        subscribers: [uid(t, 'owner'), uid(t, 'member'), uid(t, 'guest'), uid(t, 'administrator')],
      });
      const queues = {
        guest: await t.client('guest').events.register(EVENTS),
        member: await t.client('member').events.register(EVENTS),
        administrator: await t.client('administrator').events.register(EVENTS),
        moderator: await t.client('moderator').events.register(EVENTS),
      };
      await t.client('guest').channels.unsubscribe({ subscriptions: ['secret'] });
      await t.client('member').channels.unsubscribe({ subscriptions: ['secret'] });
      await t.client('administrator').channels.unsubscribe({ subscriptions: ['secret'] });
      const events = {
        guest: await pendingEvents(t, 'guest', queues.guest.queue_id),
        member: await pendingEvents(t, 'member', queues.member.queue_id),
        administrator: await pendingEvents(t, 'administrator', queues.administrator.queue_id),
        moderator: await pendingEvents(t, 'moderator', queues.moderator.queue_id),
      };
      const removed = { type: 'subscription', op: 'remove', subscriptions: [{ name: 'secret', stream_id: id }] };
      const deleted = { type: 'stream', op: 'delete', stream_ids: [id], streams: [{ stream_id: id }] };
      const peerRemove = (role: 'guest' | 'member' | 'administrator') => ({
        type: 'subscription',
        op: 'peer_remove',
        stream_ids: [id],
        user_ids: [uid(t, role)],
      });
      expect(events.guest).toEqual([
        { ...removed, id: 0 },
        { ...deleted, id: 1 },
      ]);
      expect(events.member).toEqual([
        { ...peerRemove('guest'), id: 0 },
        { ...removed, id: 1 },
        { ...deleted, id: 2 },
      ]);
      // An administrator keeps metadata access, so no `stream delete`, and sees later departures.
      expect(events.administrator).toEqual([
        { ...peerRemove('guest'), id: 0 },
        { ...peerRemove('member'), id: 1 },
        { ...removed, id: 2 },
      ]);
      expect(events.moderator).toEqual([]);
      const visible = async (role: 'guest' | 'member' | 'administrator') =>
        (await t.client(role).channels.list({ include_all: true })).streams.some((s) => s.stream_id === id);
      expect({
        guest: await visible('guest'),
        member: await visible('member'),
        administrator: await visible('administrator'),
      }).toEqual({
        guest: false,
        member: false,
        administrator: true,
      });
      const afterwards = await failure(
        t.client('member').channels.isSubscribed({ user_id: uid(t, 'owner'), stream_id: id }),
      );
      expect(afterwards.msg).toBe('Invalid channel ID');
      // Leaving again is harmless: the channel is named, the user is just not subscribed.
      const again = await t.client('member').channels.unsubscribe({ subscriptions: ['secret'] });
      expect(again).toMatchObject({ removed: [], not_removed: ['secret'] });
      return { events, afterwards, again };
    },
  ),

  scenario(
    'channels: subscriptions, GET /users/{id}/subscriptions/{stream_id} answers is_subscribed for visible channels',
    async (t) => {
      const member = t.client('member');
      const [general, engineering] = [await channelId(t, 'general'), await channelId(t, 'engineering')];
      const { id: secret } = await t
        .client('owner')
        .channels.create({ name: 'owner-secret', invite_only: true, subscribers: [uid(t, 'owner')] });
      await t.client('owner').users.deactivate({ user_id: uid(t, 'moderator') });
      const answers = {
        subscribed: await member.channels.isSubscribed({ user_id: uid(t, 'owner'), stream_id: general }),
        notSubscribed: await member.channels.isSubscribed({ user_id: uid(t, 'guest'), stream_id: engineering }),
        self: await member.channels.isSubscribed({ user_id: uid(t, 'member'), stream_id: engineering }),
        adminOnPrivate: await t
          .client('administrator')
          .channels.isSubscribed({ user_id: uid(t, 'owner'), stream_id: secret }),
      };
      expect(answers).toMatchObject({
        subscribed: { is_subscribed: true },
        notSubscribed: { is_subscribed: false },
        self: { is_subscribed: true },
        adminOnPrivate: { is_subscribed: true },
      });
      const errors = {
        bot: await failure(member.channels.isSubscribed({ user_id: uid(t, 'bot'), stream_id: general })),
        unknownUser: await failure(member.channels.isSubscribed({ user_id: 99_999, stream_id: general })),
        deactivated: await failure(member.channels.isSubscribed({ user_id: uid(t, 'moderator'), stream_id: general })),
        unknownChannel: await failure(member.channels.isSubscribed({ user_id: uid(t, 'owner'), stream_id: 99_999 })),
        privateChannel: await failure(member.channels.isSubscribed({ user_id: uid(t, 'owner'), stream_id: secret })),
        guestOnPublic: await failure(
          t.client('guest').channels.isSubscribed({ user_id: uid(t, 'owner'), stream_id: engineering }),
        ),
      };
      expect(errors).toEqual({
        bot: { code: 'BAD_REQUEST', msg: 'No such user', status: 400, extra: {} },
        unknownUser: { code: 'BAD_REQUEST', msg: 'No such user', status: 400, extra: {} },
        deactivated: { code: 'BAD_REQUEST', msg: 'User is deactivated', status: 400, extra: {} },
        unknownChannel: { code: 'BAD_REQUEST', msg: 'Invalid channel ID', status: 400, extra: {} },
        privateChannel: { code: 'BAD_REQUEST', msg: 'Invalid channel ID', status: 400, extra: {} },
        guestOnPublic: { code: 'BAD_REQUEST', msg: 'Invalid channel ID', status: 400, extra: {} },
      });
      return { answers, errors };
    },
  ),

  scenario(
    'channels: subscriptions, subscribing again restores the personal settings kept since leaving',
    async (t) => {
      const member = t.client('member');
      const engineering = await channelId(t, 'engineering');
      await member.channels.updateSubscriptionProperties({
        subscription_data: [
          { stream_id: engineering, property: 'color', value: '#123456' },
          { stream_id: engineering, property: 'is_muted', value: true },
        ],
      });
      await member.channels.unsubscribe({ subscriptions: ['engineering'] });
      await member.channels.subscribe({ subscriptions: [{ name: 'engineering' }] });
      const { subscriptions } = await member.channels.listSubscriptions();
      const restored = subscriptions.find((s) => s.stream_id === engineering);
      expect(restored).toMatchObject({ color: '#123456', is_muted: true, in_home_view: false });
      return restored;
    },
  ),

  scenario(
    'channels: subscriptions, leaving a channel marks its unread messages read (update_message_flags)',
    async (t) => {
      const member = t.client('member');
      const owner = t.client('owner');
      const engineering = await channelId(t, 'engineering');
      const ids: number[] = [];
      for (const content of ['one', 'two'])
        ids.push((await owner.messages.send({ type: 'stream', to: 'engineering', topic: 'news', content })).id);
      const elsewhere = (
        await owner.messages.send({ type: 'stream', to: 'general', topic: 'news', content: 'stays unread' })
      ).id;
      const unread = await member.messages.list({
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: [
          { operator: 'channel', operand: 'engineering' },
          { operator: 'is', operand: 'unread' },
        ],
      });
      const unreadIds = unread.messages.map((m) => m.id);
      expect(unreadIds).toEqual(expect.arrayContaining(ids));
      const { queue_id } = await member.events.register({ event_types: ['update_message_flags'] });
      await member.channels.unsubscribe({ subscriptions: ['engineering'] });
      const events = await pendingEvents(t, 'member', queue_id);
      expect(events).toEqual([
        expect.objectContaining({ type: 'update_message_flags', op: 'add', flag: 'read', messages: unreadIds }),
      ]);
      await member.channels.subscribe({ subscriptions: [{ name: 'engineering' }] });
      const flags = async (id: number) => (await member.messages.get({ message_id: id })).message.flags;
      expect(await flags(ids[0] as number)).toContain('read');
      expect(await flags(elsewhere)).not.toContain('read');
      return { engineering, events, flags: [await flags(ids[1] as number), await flags(elsewhere)] };
    },
  ),

  scenario('channels: subscriptions, archived channels leave GET but can still be left (FL 362)', async (t) => {
    const member = t.client('member');
    const engineering = await channelId(t, 'engineering');
    await t.client('owner').channels.archive({ stream_id: engineering });
    expect(await subscribedNames(t, 'member')).toEqual(['general']);
    const left = await member.channels.unsubscribe({ subscriptions: ['engineering'] });
    expect(left).toMatchObject({ removed: ['engineering'], not_removed: [] });
    // Personal settings of an archived channel are out of reach, as for a missing one.
    const properties = await failure(
      t.client('administrator').channels.updateSubscriptionProperties({
        subscription_data: [{ stream_id: engineering, property: 'pin_to_top', value: true }],
      }),
    );
    expect(properties.msg).toBe('Invalid channel ID');
    return { left, properties };
  }),

  ...subscriptionPropertyScenarios,
  subscriptionPermissionMatrix,
  scenario(
    'channels: a guest subscribing to channels it may not join with authorization_errors_fatal=false gets them in unauthorized',
    async (t) => {
      const guest = t.client('guest');
      const soft = await guest.channels.subscribe({
        subscriptions: [{ name: 'engineering' }, { name: 'general' }],
        authorization_errors_fatal: false,
      });
      expect(soft).toEqual({
        subscribed: {},
        already_subscribed: { [String(t.accounts.guest.userId)]: ['general'] },
        unauthorized: ['engineering'],
        new_subscription_messages_sent: true,
      });
      const fatal = await failure(guest.channels.subscribe({ subscriptions: [{ name: 'engineering' }] }));
      expect(fatal).toEqual({
        code: 'BAD_REQUEST',
        msg: 'Unable to access channel (engineering).',
        status: 400,
        extra: {},
      });
      // Creating channels takes the permission guests lack.
      const create = await failure(guest.channels.subscribe({ subscriptions: [{ name: 'guest-room' }] }));
      expect(create.msg).toBe('Insufficient permission');
      const { subscriptions } = await guest.channels.listSubscriptions({});
      expect(subscriptions.map((sub) => sub.name)).toEqual(['general']);
      return { soft, fatal, create };
    },
  ),
];
