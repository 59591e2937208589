import { expect } from 'vitest';
import { failure, outcome, scenario, type Scenario } from '../harness.js';

/** Scenarios of the foundation: server settings, API keys, users, channels, settings, events. */
export const foundationScenarios: Scenario[] = [
  scenario('server settings are public and report the feature level', async (t) => {
    const settings = await t.client(null).server.getSettings();
    expect(settings.zulip_feature_level).toBe(420);
    expect(settings.realm_url).toBe(settings.realm_uri);
    expect(settings.authentication_methods).toHaveProperty('ldap', false);
    return settings;
  }),

  scenario('fetch_api_key trades the password for the key, and refuses a wrong one', async (t) => {
    const anonymous = t.client(null);
    const member = t.accounts.member;
    const ok = await anonymous.server.fetchApiKey({ username: member.email, password: member.password ?? '' });
    expect(ok).toMatchObject({ api_key: member.apiKey, email: member.email, user_id: member.userId });
    const wrong = await failure(anonymous.server.fetchApiKey({ username: member.email, password: 'nope' }));
    expect(wrong).toMatchObject({ code: 'AUTHENTICATION_FAILED', status: 401 });
    const unknown = await failure(anonymous.server.fetchApiKey({ username: 'nobody@teamchat.example', password: 'x' }));
    expect(unknown.code).toBe('AUTHENTICATION_FAILED');
    return { ok, wrong, unknown };
  }),

  scenario('requests without or with wrong credentials get 401 UNAUTHORIZED', async (t) => {
    const none = await t.raw('GET', '/users/me');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Basic realm="zulip"');
    expect(none.body).toEqual({ result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });
    const wrongKey = await t.raw('GET', '/users/me', { auth: { email: t.accounts.member.email, apiKey: 'a'.repeat(32) } });
    const malformed = await t.raw('GET', '/users/me', { auth: { email: t.accounts.member.email, apiKey: 'short' } });
    const garbage = await t.raw('GET', '/users/me', { auth: 'Basic !!!' });
    const bearer = await t.raw('GET', '/users/me', { auth: 'Bearer abc' });
    expect(wrongKey.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Invalid API key' });
    expect(malformed.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Malformed API key' });
    expect(garbage.status).toBe(401);
    expect(bearer).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    return { none, wrongKey, malformed, garbage, bearer };
  }),

  scenario('unknown routes and methods get error envelopes', async (t) => {
    const unknown = await t.raw('GET', '/no_such_endpoint', { role: 'member' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    const method = await t.raw('PUT', '/users', { role: 'member' });
    expect(method.status).toBe(405);
    expect(method.body).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET', 'POST'] });
    return { unknown, method };
  }),

  scenario('GET /users lists every account with the real server shape', async (t) => {
    const { members } = await t.client('member').users.list();
    expect(members.map((m) => m.full_name)).toEqual(['Olivia Owner', 'Adam Admin', 'Maya Moderator', 'Mike Member', 'Gina Guest', 'Demo Bot']);
    const bot = members.find((m) => m.is_bot);
    expect(bot).toMatchObject({ bot_type: 1, bot_owner_id: t.accounts.owner.userId });
    expect(members[0]).toMatchObject({ role: 100, is_owner: true, is_admin: true, avatar_url: null });
    const withAvatars = await t.client('member').users.list({ client_extavatar: false });
    expect(withAvatars.members[0]?.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
    const some = await t.client('member').users.list({ user_ids: [t.accounts.guest.userId] });
    expect(some.members.map((m) => m.user_id)).toEqual([t.accounts.guest.userId]);
    const badId = await failure(t.client('member').users.list({ user_ids: [999] }));
    expect(badId).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid user ID: 999' });
    const alias = await t.raw('GET', '/users', { role: 'member', params: { client_gravatar: 'false' } });
    expect((alias.body as { ignored_parameters_unsupported?: string[] }).ignored_parameters_unsupported).toBeUndefined();
    const anonymous = await failure(t.client(null).users.list());
    expect(anonymous.status).toBe(401);
    return { members, withAvatars, some, badId, anonymous };
  }),

  scenario('GET /users/me answers the caller as a flat object', async (t) => {
    const me = await t.client('guest').users.me();
    expect(me).toMatchObject({ user_id: t.accounts.guest.userId, role: 600, is_guest: true, delivery_email: t.accounts.guest.email });
    expect(me.max_message_id).toBeGreaterThan(0);
    return me;
  }),

  scenario('parameters are decoded strictly and unknown ones are reported', async (t) => {
    const notBool = await t.raw('GET', '/users', { role: 'member', params: { include_custom_profile_fields: 'yes' } });
    expect(notBool).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', msg: 'include_custom_profile_fields is not valid JSON', var_name: 'include_custom_profile_fields' } });
    const notInt = await t.raw('GET', '/users', { role: 'member', params: { user_ids: '["x"]' } });
    expect(notInt.body).toMatchObject({ msg: 'user_ids[0] is not an integer' });
    const ignored = await t.raw('GET', '/users', { role: 'member', params: { zebra: '1', apple: '2' } });
    expect(ignored.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['apple', 'zebra'] });
    const missing = await t.raw('POST', '/channels/create', { role: 'member', params: { name: 'x' } });
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'subscribers' argument", var_name: 'subscribers' });
    const queryOnPost = await t.raw('PATCH', '/settings?enter_sends=true', { role: 'member', body: '' });
    expect(queryOnPost.body).toMatchObject({ result: 'success' });
    return { notBool, notInt, ignored, missing, queryOnPost };
  }),

  scenario('channels.create makes a channel its subscribers see', async (t) => {
    const member = t.client('member');
    const { id } = await member.channels.create({ name: '  design  ', description: 'Pixels\nand **fonts**', subscribers: [t.accounts.member.userId, t.accounts.moderator.userId] });
    const { streams } = await member.channels.list();
    const created = streams.find((s) => s.stream_id === id);
    expect(created).toMatchObject({
      name: 'design',
      description: 'Pixels and **fonts**',
      invite_only: false,
      history_public_to_subscribers: true,
      creator_id: t.accounts.member.userId,
      topics_policy: 'inherit',
      subscriber_count: 2,
      can_administer_channel_group: { direct_members: [t.accounts.member.userId], direct_subgroups: [] },
    });
    expect(created?.rendered_description).toContain('<strong>fonts</strong>');
    const duplicate = await failure(member.channels.create({ name: 'DESIGN', subscribers: [] }));
    expect(duplicate.code).toBe('BAD_REQUEST');
    return { id, streams, duplicate };
  }),

  scenario('channels.create enforces names, permissions and settings', async (t) => {
    const owner = t.client('owner');
    const errors = {
      empty: await failure(owner.channels.create({ name: '   ', subscribers: [] })),
      long: await failure(owner.channels.create({ name: 'x'.repeat(61), subscribers: [] })),
      control: await failure(owner.channels.create({ name: 'bad\u0007name', subscribers: [] })),
      guest: await failure(t.client('guest').channels.create({ name: 'guests', subscribers: [] })),
      privateDefault: await failure(owner.channels.create({ name: 'p', subscribers: [], invite_only: true, is_default_stream: true })),
      memberDefault: await failure(t.client('member').channels.create({ name: 'd', subscribers: [], is_default_stream: true })),
      webPublic: await failure(owner.channels.create({ name: 'w', subscribers: [], is_web_public: true })),
      badSubscriber: await failure(owner.channels.create({ name: 's', subscribers: [424242] })),
      badGroup: await failure(owner.channels.create({ name: 'g', subscribers: [], can_send_message_group: 9999 })),
      everyoneAdmins: await failure(owner.channels.create({ name: 'e', subscribers: [], can_administer_channel_group: 6 })),
      retention: await failure(t.client('administrator').channels.create({ name: 'r', subscribers: [], message_retention_days: 30 })),
    };
    expect(errors.empty.msg).toBe("Channel name can't be empty.");
    expect(errors.long.msg).toBe('Channel name too long (limit: 60 characters).');
    expect(errors.control.msg).toBe('Invalid character in channel name, at position 4.');
    expect(errors.guest.msg).toBe('Not allowed for guest users');
    expect(errors.privateDefault.msg).toBe('A default channel cannot be private.');
    expect(errors.memberDefault).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(errors.webPublic.msg).toBe('Web-public channels are not enabled.');
    expect(errors.badSubscriber.msg).toBe('No such user');
    expect(errors.badGroup.msg).toBe('Invalid user group');
    expect(errors.everyoneAdmins.msg).toBe("'can_administer_channel_group' setting cannot be set to 'role:everyone' group.");
    expect(errors.retention.msg).toBe('Must be an organization owner');
    const { streams } = await owner.channels.list({ include_all: true });
    expect(streams.map((s) => s.name)).toEqual(['engineering', 'general']);
    return errors;
  }),

  scenario('a private channel is visible to its subscribers and administrators only', async (t) => {
    const { id } = await t.client('member').channels.create({ name: 'secret', subscribers: [t.accounts.member.userId], invite_only: true });
    const memberView = await t.client('member').channels.list();
    const moderatorView = await t.client('moderator').channels.list({ include_all: true });
    const adminView = await t.client('administrator').channels.list({ include_all: true });
    expect(memberView.streams.find((s) => s.stream_id === id)).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    expect(moderatorView.streams.some((s) => s.stream_id === id)).toBe(false);
    expect(adminView.streams.some((s) => s.stream_id === id)).toBe(true);
    return { memberView, moderatorView, adminView };
  }),

  scenario('GET /streams follows the include flags; guests see only their channels', async (t) => {
    const guest = await t.client('guest').channels.list();
    expect(guest.streams.map((s) => s.name)).toEqual(['general']);
    const moderator = await t.client('moderator').channels.list({ include_subscribed: true, include_public: false });
    expect(moderator.streams.map((s) => s.name)).toEqual(['general']);
    const defaults = await t.client('member').channels.list({ include_public: false, include_subscribed: false, include_default: true });
    expect(defaults.streams).toMatchObject([{ name: 'general', is_default: true }]);
    const botOwner = await t.client('bot').channels.list({ include_public: false, include_subscribed: false, include_owner_subscribed: true });
    expect(botOwner.streams.map((s) => s.name)).toEqual(['engineering', 'general']);
    const allActive = await failure(t.client('member').channels.list({ include_all_active: true }));
    return { guest, moderator, defaults, botOwner, allActive };
  }),

  scenario('PATCH /settings changes only what is sent and validates every value', async (t) => {
    const member = t.client('member');
    await member.settings.update({ twenty_four_hour_time: true, web_home_view: 'recent_topics', emojiset: 'set_b', timezone: 'Europe/Berlin' });
    const state = await member.events.register({ fetch_event_types: ['user_settings'], client_capabilities: { user_settings_object: true } });
    expect(state.user_settings).toMatchObject({ twenty_four_hour_time: true, web_home_view: 'recent_topics', emojiset: 'set_b', timezone: 'Europe/Berlin', enter_sends: false });
    const errors = {
      enumValue: await t.raw('PATCH', '/settings', { role: 'member', params: { color_scheme: '7' } }),
      stringEnum: await t.raw('PATCH', '/settings', { role: 'member', params: { web_home_view: 'nowhere' } }),
      timezone: await t.raw('PATCH', '/settings', { role: 'member', params: { timezone: 'Mars/Olympus' } }),
      sound: await t.raw('PATCH', '/settings', { role: 'member', params: { notification_sound: 'gong' } }),
      batching: await t.raw('PATCH', '/settings', { role: 'member', params: { email_notifications_batching_period_seconds: '0' } }),
      defaultView: await t.raw('PATCH', '/settings', { role: 'member', params: { web_channel_default_view: '3' } }),
      shortName: await failure(member.settings.update({ full_name: 'x' })),
      badName: await failure(member.settings.update({ full_name: 'Mike *Member*' })),
      suffix: await failure(member.settings.update({ full_name: 'Mike|12' })),
      bot: await failure(t.client('bot').settings.update({ enter_sends: true })),
    };
    expect(errors.enumValue.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid color_scheme' });
    expect(errors.stringEnum.body).toMatchObject({ msg: 'Invalid web_home_view' });
    expect(errors.timezone.body).toMatchObject({ msg: 'Invalid timezone' });
    expect(errors.sound.body).toMatchObject({ msg: "Invalid notification sound 'gong'" });
    expect(errors.batching.body).toMatchObject({ msg: 'Invalid email batching period: 0 seconds' });
    expect(errors.defaultView.body).toMatchObject({ msg: 'Invalid web_channel_default_view' });
    expect(errors.shortName.msg).toBe('Name too short!');
    expect(errors.badName.msg).toBe('Invalid characters in name!');
    expect(errors.suffix.msg).toBe('Invalid format!');
    expect(errors.bot.msg).toBe('This endpoint does not accept bot requests.');
    const after = await member.events.register({ fetch_event_types: ['user_settings'], client_capabilities: { user_settings_object: true } });
    expect(after.user_settings).toEqual(state.user_settings);
    const ignored = await t.raw('PATCH', '/settings', { role: 'member', params: { enter_sends: 'true', not_a_setting: '1' } });
    expect(ignored.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['not_a_setting'] });
    const alias = await t.raw('PATCH', '/settings/display', { role: 'member', params: { high_contrast_mode: 'true' } });
    const alias2 = await t.raw('PATCH', '/settings/notifications', { role: 'member', params: { enable_sounds: 'false' } });
    expect([alias.status, alias2.status]).toEqual([200, 200]);
    await member.settings.update({ full_name: '  Michael Member ' });
    const me = await member.users.me();
    expect(me.full_name).toBe('Michael Member');
    return { state, errors, after, ignored, me };
  }),

  scenario('a password change needs the old password; the new one logs in', async (t) => {
    const member = t.client('member');
    const missing = await failure(member.settings.update({ new_password: 'correct horse battery' }));
    expect(missing).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'old_password' argument" });
    const wrong = await failure(member.settings.update({ old_password: 'nope', new_password: 'correct horse battery' }));
    expect(wrong.msg).toBe('Wrong password!');
    const weak = await failure(member.settings.update({ old_password: t.accounts.member.password ?? '', new_password: 'aaa' }));
    expect(weak.msg).toBe('New password is too weak!');
    await member.settings.update({ old_password: t.accounts.member.password ?? '', new_password: 'correct horse battery' });
    const login = await t.client(null).server.fetchApiKey({ username: t.accounts.member.email, password: 'correct horse battery' });
    const oldLogin = await failure(t.client(null).server.fetchApiKey({ username: t.accounts.member.email, password: t.accounts.member.password ?? '' }));
    expect(login.api_key).toBe(t.accounts.member.apiKey);
    expect(oldLogin.code).toBe('AUTHENTICATION_FAILED');
    return { missing, wrong, weak, login, oldLogin };
  }),

  scenario('an email change waits for its confirmation link', async (t) => {
    const member = t.client('member');
    await member.settings.update({ email: 'mike.new@teamchat.example' });
    expect((await member.users.me()).delivery_email).toBe(t.accounts.member.email);
    const change = [...t.store.all('email_changes')].find((c) => c.user_id === t.accounts.member.userId && c.status === 'pending');
    expect(change?.new_email).toBe('mike.new@teamchat.example');
    const taken = await failure(member.settings.update({ email: t.accounts.owner.email }));
    expect(taken.msg).toBe('Email is already in use.');
    const invalid = await failure(member.settings.update({ email: 'not-an-address' }));
    expect(invalid.msg).toBe('Invalid address.');
    const page = await fetch(`${t.site}/accounts/confirm_new_email/${change?.key ?? ''}/`);
    expect(page.status).toBe(200);
    const renamed = t.clientFor('mike.new@teamchat.example', t.accounts.member.apiKey);
    expect((await renamed.users.me()).delivery_email).toBe('mike.new@teamchat.example');
    const again = await fetch(`${t.site}/accounts/confirm_new_email/${change?.key ?? ''}/`);
    expect(again.status).toBe(400);
    return { taken, invalid, status: [page.status, again.status] };
  }),

  scenario('organization defaults: administrators only, new values for later accounts only', async (t) => {
    const denied = await failure(t.client('moderator').settings.updateRealmDefaults({ enter_sends: true }));
    expect(denied).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator', status: 400 });
    const ignored = await t.raw('PATCH', '/realm/user_settings_defaults', { role: 'administrator', params: { enter_sends: 'true', timezone: 'UTC' } });
    expect(ignored.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['timezone'] });
    const defaultView = await t.client('administrator').settings.updateRealmDefaults({ web_channel_default_view: 3 });
    const state = await t.client('member').events.register({ fetch_event_types: ['realm_user_settings_defaults', 'user_settings'], client_capabilities: { user_settings_object: true } });
    expect(state.realm_user_settings_defaults).toMatchObject({ enter_sends: true, web_channel_default_view: 3 });
    expect(state.user_settings).toMatchObject({ enter_sends: false, web_channel_default_view: 1 });
    return { denied, ignored, defaultView, state };
  }),

  scenario('register answers the state blocks and GET /events delivers what happens', async (t) => {
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
    expect(events).toEqual([{ type: 'user_settings', op: 'update', property: 'left_side_userlist', value: true, id: 0 }]);
    const acknowledged = await member.events.get({ queue_id: state.queue_id ?? '', last_event_id: 0, dont_block: true });
    expect(acknowledged.events).toEqual([]);
    const otherUser = await failure(t.client('owner').events.get({ queue_id: state.queue_id ?? '', dont_block: true }));
    expect(otherUser).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', extra: { queue_id: state.queue_id } });
    await member.events.deleteQueue({ queue_id: state.queue_id ?? '' });
    const deleted = await failure(member.events.get({ queue_id: state.queue_id ?? '', dont_block: true }));
    expect(deleted.code).toBe('BAD_EVENT_QUEUE_ID');
    return { state, events, otherUser, deleted };
  }),

  scenario('a long poll waits for an event and answers a heartbeat when nothing happens', async (t) => {
    const member = t.client('member');
    const { queue_id } = await member.events.register({ event_types: ['realm_user'] });
    const heartbeat = await member.events.get({ queue_id: queue_id ?? '' });
    expect(heartbeat.events).toEqual([{ type: 'heartbeat', id: 0 }]);
    const pending = member.events.get({ queue_id: queue_id ?? '', last_event_id: 0 });
    await t.client('owner').settings.update({ full_name: 'Olivia O. Owner' });
    const { events } = await pending;
    expect(events).toEqual([{ type: 'realm_user', op: 'update', person: { user_id: t.accounts.owner.userId, full_name: 'Olivia O. Owner' }, id: 1 }]);
    return { heartbeat, events };
  }),

  scenario('channel creation emits stream and subscription events to the right users', async (t) => {
    const guestQueue = await t.client('guest').events.register({ event_types: ['stream', 'subscription'] });
    const memberQueue = await t.client('member').events.register({ event_types: ['stream', 'subscription'] });
    const moderatorQueue = await t.client('moderator').events.register({ event_types: ['stream', 'subscription'] });
    const { id } = await t.client('owner').channels.create({ name: 'launch', subscribers: [t.accounts.owner.userId, t.accounts.member.userId] });
    const poll = async (role: 'guest' | 'member' | 'moderator', queue: string | null) =>
      (await t.client(role).events.get({ queue_id: queue ?? '', dont_block: true })).events.map((e) => `${e.type}:${String(e['op'])}`);
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
];
