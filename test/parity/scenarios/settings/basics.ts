import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** PATCH /settings, password and email changes, organization defaults: the basics. */
export const settingsBasicScenarios: Scenario[] = [
  scenario('settings: PATCH /settings changes only what is sent and validates every value', async (t) => {
    const member = t.client('member');
    await member.settings.update({
      twenty_four_hour_time: true,
      web_home_view: 'recent_topics',
      emojiset: 'set_b',
      timezone: 'Europe/Berlin',
    });
    const state = await member.events.register({
      fetch_event_types: ['user_settings'],
      client_capabilities: { user_settings_object: true },
    });
    expect(state.user_settings).toMatchObject({
      twenty_four_hour_time: true,
      web_home_view: 'recent_topics',
      emojiset: 'set_b',
      timezone: 'Europe/Berlin',
      enter_sends: false,
    });
    const errors = {
      enumValue: await t.raw('PATCH', '/settings', { role: 'member', params: { color_scheme: '7' } }),
      stringEnum: await t.raw('PATCH', '/settings', { role: 'member', params: { web_home_view: 'nowhere' } }),
      timezone: await t.raw('PATCH', '/settings', { role: 'member', params: { timezone: 'Mars/Olympus' } }),
      sound: await t.raw('PATCH', '/settings', { role: 'member', params: { notification_sound: 'gong' } }),
      batching: await t.raw('PATCH', '/settings', {
        role: 'member',
        params: { email_notifications_batching_period_seconds: '0' },
      }),
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
    const after = await member.events.register({
      fetch_event_types: ['user_settings'],
      client_capabilities: { user_settings_object: true },
    });
    expect(after.user_settings).toEqual(state.user_settings);
    const ignored = await t.raw('PATCH', '/settings', {
      role: 'member',
      params: { enter_sends: 'true', not_a_setting: '1' },
    });
    expect(ignored.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['not_a_setting'] });
    const alias = await t.raw('PATCH', '/settings/display', { role: 'member', params: { high_contrast_mode: 'true' } });
    const alias2 = await t.raw('PATCH', '/settings/notifications', {
      role: 'member',
      params: { enable_sounds: 'false' },
    });
    expect([alias.status, alias2.status]).toEqual([200, 200]);
    await member.settings.update({ full_name: '  Michael Member ' });
    const me = await member.users.me();
    expect(me.full_name).toBe('Michael Member');
    return { state, errors, after, ignored, me };
  }),

  scenario('settings: a password change needs the old password; the new one logs in', async (t) => {
    const member = t.client('member');
    const missing = await failure(member.settings.update({ new_password: 'correct horse battery' }));
    expect(missing).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'old_password' argument" });
    const wrong = await failure(
      member.settings.update({ old_password: 'nope', new_password: 'correct horse battery' }),
    );
    expect(wrong.msg).toBe('Wrong password!');
    const weak = await failure(
      member.settings.update({ old_password: t.accounts.member.password ?? '', new_password: 'aaa' }),
    );
    expect(weak.msg).toBe('New password is too weak!');
    await member.settings.update({
      old_password: t.accounts.member.password ?? '',
      new_password: 'correct horse battery',
    });
    const login = await t
      .client(null)
      .server.fetchApiKey({ username: t.accounts.member.email, password: 'correct horse battery' });
    const oldLogin = await failure(
      t
        .client(null)
        .server.fetchApiKey({ username: t.accounts.member.email, password: t.accounts.member.password ?? '' }),
    );
    expect(login.api_key).toBe(t.accounts.member.apiKey);
    expect(oldLogin.code).toBe('AUTHENTICATION_FAILED');
    return { missing, wrong, weak, login, oldLogin };
  }),

  scenario('settings: an email change waits for its confirmation link', async (t) => {
    const member = t.client('member');
    await member.settings.update({ email: 'mike.new@teamchat.example' });
    expect((await member.users.me()).delivery_email).toBe(t.accounts.member.email);
    const change = [...t.store.all('email_changes')].find(
      (c) => c.user_id === t.accounts.member.userId && c.status === 'pending',
    );
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

  scenario('settings: organization defaults: administrators only, new values for later accounts only', async (t) => {
    const denied = await failure(t.client('moderator').settings.updateRealmDefaults({ enter_sends: true }));
    expect(denied).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
      status: 400,
    });
    const ignored = await t.raw('PATCH', '/realm/user_settings_defaults', {
      role: 'administrator',
      params: { enter_sends: 'true', timezone: 'UTC' },
    });
    expect(ignored.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['timezone'] });
    const defaultView = await t.client('administrator').settings.updateRealmDefaults({ web_channel_default_view: 3 });
    const state = await t.client('member').events.register({
      fetch_event_types: ['realm_user_settings_defaults', 'user_settings'],
      client_capabilities: { user_settings_object: true },
    });
    expect(state.realm_user_settings_defaults).toMatchObject({ enter_sends: true, web_channel_default_view: 3 });
    expect(state.user_settings).toMatchObject({ enter_sends: false, web_channel_default_view: 1 });
    return { denied, ignored, defaultView, state };
  }),
];
