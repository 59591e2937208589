import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import { failure, scenario, type Scenario, type ScenarioContext } from '../../harness.js';
import { drain } from '../users/index.js';

/**
 * Scenarios of PATCH /settings (and its deprecated aliases) and PATCH
 * /realm/user_settings_defaults, row by row of the spec's settings table, with their events.
 */

/** One row of the table: a value the endpoint takes, and one it refuses with its message. */
interface SettingRow {
  name: string;
  /** A valid wire value (not the default), and what it decodes to. */
  valid: [wire: string, value: unknown];
  /** An invalid wire value and the real server's message for it. */
  invalid: [wire: string, msg: string];
}

const bool = (name: string, value: boolean): SettingRow => ({
  name,
  valid: [String(value), value],
  invalid: ['1', `${name} is not a boolean`],
});
const choice = (name: string, value: number, bad: number): SettingRow => ({
  name,
  valid: [String(value), value],
  invalid: [String(bad), `Invalid ${name}`],
});
const text = (name: string, value: string, bad: string, msg = `Invalid ${name}`): SettingRow => ({
  name,
  valid: [value, value],
  invalid: [bad, msg],
});

/**
 * Column S of the spec: the preferences PATCH /settings takes, with a value other than the
 * default and a refused one. `web_channel_default_view` personally takes 1, 2 and 4 only.
 */
const COLUMN_S: SettingRow[] = [
  bool('twenty_four_hour_time', true),
  choice('web_mark_read_on_scroll_policy', 3, 4),
  choice('web_channel_default_view', 4, 3),
  bool('starred_message_counts', false),
  bool('receives_typing_notifications', false),
  bool('web_suggest_update_timezone', false),
  bool('fluid_layout_width', true),
  bool('high_contrast_mode', true),
  { name: 'web_font_size_px', valid: ['20', 20], invalid: ['"big"', 'web_font_size_px is not an integer'] },
  {
    name: 'web_line_height_percent',
    valid: ['150', 150],
    invalid: ['1.5', 'web_line_height_percent is not an integer'],
  },
  choice('color_scheme', 2, 4),
  bool('enable_drafts_synchronization', false),
  bool('translate_emoticons', true),
  bool('display_emoji_reaction_users', false),
  text('default_language', 'de', 'klingon'),
  text('web_home_view', 'recent_topics', 'home'),
  bool('web_escape_navigates_to_home_view', false),
  bool('left_side_userlist', true),
  text('emojiset', 'text', 'apple'),
  choice('demote_inactive_streams', 3, 0),
  choice('user_list_style', 3, 4),
  text('web_animate_image_previews', 'always', 'sometimes'),
  choice('web_stream_unreads_count_display_policy', 3, 4),
  bool('hide_ai_features', true),
  bool('web_left_sidebar_show_channel_folders', false),
  bool('web_left_sidebar_unreads_count_summary', false),
  text('timezone', 'Asia/Tokyo', 'Mars/Olympus', 'Invalid timezone'),
  bool('enable_stream_desktop_notifications', true),
  bool('enable_stream_email_notifications', true),
  bool('enable_stream_push_notifications', true),
  bool('enable_stream_audible_notifications', true),
  text('notification_sound', 'ding', 'gong', "Invalid notification sound 'gong'"),
  bool('enable_desktop_notifications', false),
  bool('enable_sounds', false),
  {
    name: 'email_notifications_batching_period_seconds',
    valid: ['300', 300],
    invalid: ['604801', 'Invalid email batching period: 604801 seconds'],
  },
  bool('enable_offline_email_notifications', false),
  bool('enable_offline_push_notifications', false),
  bool('enable_online_push_notifications', false),
  bool('enable_followed_topic_desktop_notifications', false),
  bool('enable_followed_topic_email_notifications', false),
  bool('enable_followed_topic_push_notifications', false),
  bool('enable_followed_topic_audible_notifications', false),
];

/**
 * The rows after the spec's cut-off of column S ("further parameters: not shown"): column D
 * only in the table, accepted by PATCH /settings too, as the real server does.
 */
const AFTER_CUT_OFF: SettingRow[] = [
  bool('enable_digest_emails', false),
  // Taken by the real server though the spec's table leaves them out.
  bool('enable_marketing_emails', false),
  bool('enable_login_emails', false),
  bool('message_content_in_email_notifications', false),
  bool('pm_content_in_desktop_notifications', false),
  bool('wildcard_mentions_notify', false),
  bool('enable_followed_topic_wildcard_mentions_notify', false),
  choice('desktop_icon_count_display', 4, 5),
  choice('realm_name_in_email_notifications_policy', 3, 0),
  choice('automatically_follow_topics_policy', 4, 5),
  choice('automatically_unmute_topics_in_muted_streams_policy', 4, 5),
  bool('automatically_follow_topics_where_mentioned', false),
  text('resolved_topic_notice_auto_read_policy', 'never', 'sometimes'),
  bool('presence_enabled', false),
  bool('enter_sends', true),
  bool('send_private_typing_notifications', false),
  bool('send_stream_typing_notifications', false),
  bool('send_read_receipts', false),
  bool('allow_private_data_export', true),
  choice('email_address_visibility', 5, 6),
  bool('web_navigate_to_sent_message', false),
];

/**
 * Rows of column S that column D does not have: PATCH /realm/user_settings_defaults ignores them.
 * The three `web_*` rows the spec leaves unmarked are defaults too, as on the real server.
 */
const PERSONAL_ONLY = ['default_language', 'timezone'];

/** Column D: every row of both lists but the personal-only ones; the default view takes 3 too. */
const COLUMN_D: SettingRow[] = [...COLUMN_S, ...AFTER_CUT_OFF]
  .filter((row) => !PERSONAL_ONLY.includes(row.name))
  .map((row) => (row.name === 'web_channel_default_view' ? choice('web_channel_default_view', 3, 5) : row));

async function settingsOf(t: ScenarioContext, role: DemoRole): Promise<Record<string, unknown>> {
  const state = await t
    .client(role)
    .events.register({ fetch_event_types: ['user_settings'], client_capabilities: { user_settings_object: true } });
  return state.user_settings as Record<string, unknown>;
}

async function defaultsOf(t: ScenarioContext): Promise<Record<string, unknown>> {
  const state = await t.client('member').events.register({ fetch_event_types: ['realm_user_settings_defaults'] });
  return state.realm_user_settings_defaults as Record<string, unknown>;
}

export const settingsScenarios: Scenario[] = [
  scenario('settings: PATCH /settings takes every preference of the table with its type and values', async (t) => {
    const before = await settingsOf(t, 'member');
    const refused: Record<string, unknown> = {};
    for (const row of [...COLUMN_S, ...AFTER_CUT_OFF]) {
      const bad = await t.raw('PATCH', '/settings', { role: 'member', params: { [row.name]: row.invalid[0] } });
      expect(bad, row.name).toMatchObject({
        status: 400,
        body: { result: 'error', code: 'BAD_REQUEST', msg: row.invalid[1] },
      });
      refused[row.name] = bad.body;
    }
    // A refused value changes nothing, not even the valid parameters sent with it.
    const mixed = await t.raw('PATCH', '/settings', {
      role: 'member',
      params: { enter_sends: 'true', color_scheme: '9' },
    });
    expect(mixed.status).toBe(400);
    expect(await settingsOf(t, 'member')).toEqual(before);
    for (const row of [...COLUMN_S, ...AFTER_CUT_OFF]) {
      const ok = await t.raw('PATCH', '/settings', { role: 'member', params: { [row.name]: row.valid[0] } });
      expect(ok.body, row.name).toEqual({ result: 'success', msg: '' });
    }
    const after = await settingsOf(t, 'member');
    for (const row of [...COLUMN_S, ...AFTER_CUT_OFF]) expect(after[row.name], row.name).toEqual(row.valid[1]);
    // The real server's emojiset names are accepted as well.
    await t.client('member').settings.update({ emojiset: 'google-blob' });
    expect((await settingsOf(t, 'member'))['emojiset']).toBe('google-blob');
    return { refused, after };
  }),

  scenario('settings: unknown and removed parameters are reported, and values checked, on every alias', async (t) => {
    const params = { enter_sends: 'true', dense_mode: 'true', target_users: '[1]', zebra: 'x' };
    const answers = {
      settings: await t.raw('PATCH', '/settings', { role: 'member', params }),
      display: await t.raw('PATCH', '/settings/display', { role: 'member', params }),
      notifications: await t.raw('PATCH', '/settings/notifications', { role: 'member', params }),
    };
    for (const answer of Object.values(answers)) {
      expect(answer.body).toEqual({
        result: 'success',
        msg: '',
        ignored_parameters_unsupported: ['dense_mode', 'target_users', 'zebra'],
      });
    }
    const aliasErrors = {
      display: await t.raw('PATCH', '/settings/display', { role: 'member', params: { color_scheme: '0' } }),
      notifications: await t.raw('PATCH', '/settings/notifications', {
        role: 'member',
        params: { enable_sounds: 'maybe' },
      }),
      bot: await t.raw('PATCH', '/settings/notifications', { role: 'bot', params: { enable_sounds: 'false' } }),
    };
    expect(aliasErrors.display.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid color_scheme' });
    expect(aliasErrors.notifications.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'enable_sounds is not valid JSON',
    });
    expect(aliasErrors.bot.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'This endpoint does not accept bot requests.',
    });
    return { answers, aliasErrors };
  }),

  scenario(
    'settings: each changed setting sends user_settings to every queue, and the old event types to legacy queues',
    async (t) => {
      const modern = await t.client('member').events.register({
        event_types: ['user_settings', 'update_display_settings', 'update_global_notifications', 'realm_user'],
        client_capabilities: { user_settings_object: true },
      });
      const legacy = await t
        .client('member')
        .events.register({ event_types: ['user_settings', 'update_display_settings', 'update_global_notifications'] });
      const moderatorQueue = await t
        .client('moderator')
        .events.register({ event_types: ['user_settings', 'realm_user'] });
      await t.client('member').settings.update({
        default_language: 'de',
        enable_sounds: false,
        twenty_four_hour_time: false,
        timezone: 'Europe/Paris',
      });
      const member = t.accounts.member.userId;
      expect(await drain(t, 'member', modern.queue_id ?? '')).toEqual([
        { type: 'user_settings', op: 'update', property: 'default_language', value: 'de', language_name: 'Deutsch' },
        { type: 'user_settings', op: 'update', property: 'timezone', value: 'Europe/Paris' },
        {
          type: 'realm_user',
          op: 'update',
          person: { email: t.accounts.member.email, user_id: member, timezone: 'Europe/Paris' },
        },
        { type: 'user_settings', op: 'update', property: 'enable_sounds', value: false },
      ]);
      // As the real server: `user_settings` whatever the capabilities, the legacy twin only without `user_settings_object`.
      expect(await drain(t, 'member', legacy.queue_id ?? '')).toEqual([
        { type: 'user_settings', op: 'update', property: 'default_language', value: 'de', language_name: 'Deutsch' },
        {
          type: 'update_display_settings',
          setting_name: 'default_language',
          setting: 'de',
          user: t.accounts.member.email,
          language_name: 'Deutsch',
        },
        { type: 'user_settings', op: 'update', property: 'timezone', value: 'Europe/Paris' },
        {
          type: 'update_display_settings',
          setting_name: 'timezone',
          setting: 'Europe/Paris',
          user: t.accounts.member.email,
        },
        { type: 'user_settings', op: 'update', property: 'enable_sounds', value: false },
        {
          type: 'update_global_notifications',
          notification_name: 'enable_sounds',
          setting: false,
          user: t.accounts.member.email,
        },
      ]);
      expect(await drain(t, 'moderator', moderatorQueue.queue_id ?? '')).toEqual([
        {
          type: 'realm_user',
          op: 'update',
          person: { email: t.accounts.member.email, user_id: member, timezone: 'Europe/Paris' },
        },
      ]);
      // Sending the current values again is no change and sends nothing.
      await t.client('member').settings.update({ default_language: 'de', enable_sounds: false });
      expect(await drain(t, 'member', modern.queue_id ?? '')).toEqual([]);
      return null;
    },
  ),

  scenario(
    'settings: full_name follows the real server rules; email and password changes have their own',
    async (t) => {
      const member = t.client('member');
      const forbidden: Record<string, unknown> = {};
      for (const character of ['*', '`', '\\', '>', '"', '@', '\u0000', '\u0007']) {
        const error = await failure(member.settings.update({ full_name: `Mike ${character} Member` }));
        expect(error.msg, JSON.stringify(character)).toBe('Invalid characters in name!');
        forbidden[JSON.stringify(character)] = error;
      }
      const errors = {
        long: await failure(member.settings.update({ full_name: 'M'.repeat(101) })),
        short: await failure(member.settings.update({ full_name: '  M  ' })),
        suffix: await failure(member.settings.update({ full_name: 'Mike|7' })),
        wrongPassword: await failure(
          member.settings.update({ old_password: 'not it', new_password: 'a better password' }),
        ),
        weakPassword: await failure(
          member.settings.update({ old_password: t.accounts.member.password ?? '', new_password: 'ababab' }),
        ),
        takenEmail: await failure(member.settings.update({ email: t.accounts.guest.email.toUpperCase() })),
        badEmail: await failure(member.settings.update({ email: 'mike@' })),
        // The first check that fails decides; the password comes first, as upstream.
        order: await failure(
          member.settings.update({ full_name: 'M', old_password: 'not it', new_password: 'a better password' }),
        ),
      };
      expect(errors.long.msg).toBe('Name too long!');
      expect(errors.short.msg).toBe('Name too short!');
      expect(errors.suffix.msg).toBe('Invalid format!');
      expect(errors.wrongPassword.msg).toBe('Wrong password!');
      expect(errors.weakPassword.msg).toBe('New password is too weak!');
      expect(errors.takenEmail.msg).toBe('Email is already in use.');
      expect(errors.badEmail.msg).toBe('Invalid address.');
      expect(errors.order.msg).toBe('Wrong password!');
      const queue = await t.client('guest').events.register({ event_types: ['realm_user'] });
      await member.settings.update({ full_name: 'M'.repeat(100) });
      await member.settings.update({ full_name: '   ' });
      await member.settings.update({ full_name: 'M'.repeat(100) });
      const events = await drain(t, 'guest', queue.queue_id ?? '');
      expect(events).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: t.accounts.member.userId, full_name: 'M'.repeat(100) } },
      ]);
      // Passwords are stored hashed; the old one stops working.
      await member.settings.update({
        old_password: t.accounts.member.password ?? '',
        new_password: 'a better password',
      });
      const hash = t.store.get('users', t.accounts.member.userId)?.password_hash ?? '';
      expect(hash).toMatch(/^pbkdf2_sha256\$\d+\$/);
      expect(hash).not.toContain('a better password');
      return { forbidden, errors, events };
    },
  ),

  scenario(
    'settings: an email change is recorded with its link, superseded by a newer one, and confirmed to everyone who may see it',
    async (t) => {
      const member = t.client('member');
      await member.settings.update({ email: 'mike.first@teamchat.example' });
      await member.settings.update({ email: 'mike.second@teamchat.example' });
      // Asking for the current address is no change at all.
      await member.settings.update({ email: t.accounts.member.email });
      const changes = [...t.store.all('email_changes')].filter((c) => c.user_id === t.accounts.member.userId);
      expect(changes.map((c) => [c.new_email, c.status])).toEqual([
        ['mike.first@teamchat.example', 'superseded'],
        ['mike.second@teamchat.example', 'pending'],
      ]);
      const stale = await fetch(`${t.site}/accounts/confirm_new_email/${changes[0]?.key ?? ''}/`);
      expect(stale.status).toBe(400);
      await member.settings.update({ email_address_visibility: 3 });
      const guestQueue = await t.client('guest').events.register({ event_types: ['realm_user'] });
      const adminQueue = await t.client('administrator').events.register({ event_types: ['realm_user'] });
      const page = await fetch(`${t.site}/accounts/confirm_new_email/${changes[1]?.key ?? ''}/`);
      expect(page.status).toBe(200);
      const id = t.accounts.member.userId;
      const adminEvents = await drain(t, 'administrator', adminQueue.queue_id ?? '');
      expect(adminEvents[0]).toEqual({
        type: 'realm_user',
        op: 'update',
        person: { user_id: id, delivery_email: 'mike.second@teamchat.example' },
      });
      expect(adminEvents.length).toBe(2);
      // The guest may not see the address: only the avatar (whose hash is made from it) changes.
      const guestEvents = await drain(t, 'guest', guestQueue.queue_id ?? '');
      expect(guestEvents).toEqual([adminEvents[1]]);
      expect((adminEvents[1]?.['person'] as Record<string, unknown>)['avatar_url_medium']).toMatch(/&s=500&version=1$/);
      const me = await t.clientFor('mike.second@teamchat.example', t.accounts.member.apiKey).users.me();
      expect(me).toMatchObject({ delivery_email: 'mike.second@teamchat.example', email: `user${id}@teamchat.test` });
      return { changes: changes.map((c) => [c.new_email, c.status]), adminEvents, guestEvents };
    },
  ),

  scenario('settings: a new email_address_visibility tells exactly the viewers whose view changed', async (t) => {
    const roles = ['administrator', 'moderator', 'member', 'guest'] as const;
    const queues = Object.fromEntries(
      await Promise.all(
        roles.map(
          async (role) =>
            [role, (await t.client(role).events.register({ event_types: ['realm_user'] })).queue_id ?? ''] as const,
        ),
      ),
    ) as Record<(typeof roles)[number], string>;
    const seen = async () =>
      Object.fromEntries(
        await Promise.all(roles.map(async (role) => [role, await drain(t, role, queues[role])] as const)),
      );
    const owner = t.accounts.owner;
    // 1 → 3: moderators, members and guests lose the address; the API address becomes the dummy one.
    await t.client('owner').settings.update({ email_address_visibility: 3 });
    const toAdmins = await seen();
    const hidden = { type: 'realm_user', op: 'update', person: { user_id: owner.userId, delivery_email: null } };
    const newEmail = {
      type: 'realm_user',
      op: 'update',
      person: { user_id: owner.userId, new_email: `user${owner.userId}@teamchat.test` },
    };
    expect(toAdmins['administrator']?.[0]).toEqual(newEmail);
    for (const role of ['moderator', 'member', 'guest'] as const) {
      expect(toAdmins[role]?.slice(0, 2), role).toEqual([hidden, newEmail]);
      expect(toAdmins[role]?.[2]?.['person'], role).toMatchObject({ user_id: owner.userId, avatar_source: 'G' });
    }
    // 3 → 5: moderators see it again; the API address does not change.
    await t.client('owner').settings.update({ email_address_visibility: 5 });
    const toModerators = await seen();
    expect(toModerators).toEqual({
      administrator: [],
      moderator: [{ type: 'realm_user', op: 'update', person: { user_id: owner.userId, delivery_email: owner.email } }],
      member: [],
      guest: [],
    });
    // 5 → 1: members and guests see it, and everyone gets the real API address.
    await t.client('owner').settings.update({ email_address_visibility: 1 });
    const toEveryone = await seen();
    const shown = { type: 'realm_user', op: 'update', person: { user_id: owner.userId, delivery_email: owner.email } };
    const realEmail = { type: 'realm_user', op: 'update', person: { user_id: owner.userId, new_email: owner.email } };
    expect(toEveryone['member']?.slice(0, 2)).toEqual([shown, realEmail]);
    expect(toEveryone['guest']?.slice(0, 2)).toEqual([shown, realEmail]);
    expect(toEveryone['moderator']?.[0]).toEqual(realEmail);
    return { toAdmins, toModerators, toEveryone };
  }),

  scenario(
    'settings: organization defaults take column D (and the unmarked web_* rows), tell everyone, and reach new accounts only',
    async (t) => {
      const before = await settingsOf(t, 'member');
      const refused: Record<string, unknown> = {};
      for (const row of COLUMN_D) {
        const bad = await t.raw('PATCH', '/realm/user_settings_defaults', {
          role: 'administrator',
          params: { [row.name]: row.invalid[0] },
        });
        expect(bad, row.name).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', msg: row.invalid[1] } });
        refused[row.name] = bad.body;
      }
      const personalOnly = await t.raw('PATCH', '/realm/user_settings_defaults', {
        role: 'administrator',
        params: { default_language: 'fr', timezone: 'UTC', full_name: 'X' },
      });
      expect(personalOnly.body).toEqual({
        result: 'success',
        msg: '',
        ignored_parameters_unsupported: ['default_language', 'full_name', 'timezone'],
      });
      const queue = await t.client('guest').events.register({ event_types: ['realm_user_settings_defaults'] });
      for (const row of COLUMN_D) {
        const ok = await t.raw('PATCH', '/realm/user_settings_defaults', {
          role: 'owner',
          params: { [row.name]: row.valid[0] },
        });
        expect(ok.body, row.name).toEqual({ result: 'success', msg: '' });
      }
      const defaults = await defaultsOf(t);
      for (const row of COLUMN_D) expect(defaults[row.name], row.name).toEqual(row.valid[1]);
      const events = await drain(t, 'guest', queue.queue_id ?? '');
      expect(events).toEqual(
        COLUMN_D.map((row) => ({
          type: 'realm_user_settings_defaults',
          op: 'update',
          property: row.name,
          value: row.valid[1],
        })),
      );
      expect(await settingsOf(t, 'member')).toEqual(before);
      const { user_id } = await t
        .client('owner')
        .users.create({ email: 'dora@teamchat.example', password: 'dora-password', full_name: 'Dora Defaults' });
      const { api_key } = await t
        .client(null)
        .server.fetchApiKey({ username: 'dora@teamchat.example', password: 'dora-password' });
      const state = await t
        .clientFor('dora@teamchat.example', api_key)
        .events.register({ fetch_event_types: ['user_settings'], client_capabilities: { user_settings_object: true } });
      const settings = state.user_settings as Record<string, unknown>;
      for (const row of COLUMN_D) expect(settings[row.name], row.name).toEqual(row.valid[1]);
      expect(settings['default_language']).toBe('en');
      return { refused, defaults, user_id, settings };
    },
  ),
];
