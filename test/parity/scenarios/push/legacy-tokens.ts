import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

const APNS = 'c0ffee0123456789';

/** The legacy (non-E2EE) device tokens: POST/DELETE /users/me/apns_device_token and /users/me/android_gcm_reg_id, POST /mobile_push/test_notification. */
export const legacyPushScenarios: Scenario[] = [
  scenario('push: legacy tokens register with the bouncer; a test notification reaches each device', async (t) => {
    const member = t.client('member');
    expect(await member.push.addApnsToken({ token: APNS, appid: 'org.zulip.Zulip' })).toEqual({});
    expect(await member.push.addFcmToken({ token: 'android-token' })).toEqual({});
    // Adding a token again changes nothing.
    await member.push.addFcmToken({ token: 'android-token' });
    const devices = t.bouncer
      .legacyDevices()
      .map(({ registered_at: _at, server_uuid: _server, realm_uuid: _realm, ...device }) => device);
    expect(devices).toEqual([
      {
        device_id: 1,
        user_id: t.accounts.member.userId,
        token_kind: 'apns',
        token: APNS,
        ios_app_id: 'org.zulip.Zulip',
      },
      { device_id: 2, user_id: t.accounts.member.userId, token_kind: 'fcm', token: 'android-token', ios_app_id: null },
    ]);
    expect(await member.push.testLegacyNotification({ token: 'android-token' })).toEqual({});
    await member.push.testLegacyNotification({});
    const base = {
      server: 'teamchat.test',
      realm_id: 1,
      realm_uri: 'http://teamchat.test',
      realm_url: 'http://teamchat.test',
      realm_name: 'Teamchat Demo',
      user_id: t.accounts.member.userId,
      event: 'test',
    };
    const apple = t.bouncer.notifications(1).map((n) => ({ fcm_priority: n.fcm_priority, payload: n.payload }));
    const android = t.bouncer
      .notifications(2)
      .map((n) => ({ fcm_priority: n.fcm_priority, payload: { ...n.payload, time: typeof n.payload['time'] } }));
    expect(apple).toEqual([
      {
        fcm_priority: null,
        payload: {
          alert: {
            title: 'Test notification',
            body: 'This is a test notification from Teamchat Demo (http://teamchat.test).',
          },
          sound: 'default',
          custom: { zulip: base },
        },
      },
    ]);
    expect(android).toEqual(Array(2).fill({ fcm_priority: 'high', payload: { ...base, time: 'number' } }));
    expect(await member.push.removeFcmToken({ token: 'android-token' })).toEqual({});
    expect(await member.push.removeApnsToken({ token: APNS })).toEqual({});
    expect(t.bouncer.legacyDevices()).toEqual([]);
    return { devices, apple, android };
  }),

  scenario('push: legacy token errors: bad tokens and app IDs, unknown tokens, bots, the bouncer', async (t) => {
    const member = t.client('member');
    const empty = await failure(member.push.addFcmToken({ token: '' }));
    const long = await failure(member.push.addFcmToken({ token: 'x'.repeat(4097) }));
    const notHex = await failure(member.push.addApnsToken({ token: 'not-hex!', appid: 'org.zulip.Zulip' }));
    const badApp = await failure(member.push.addApnsToken({ token: APNS, appid: 'org zulip' }));
    const missingApp = await t.raw('POST', '/users/me/apns_device_token', { role: 'member', params: { token: APNS } });
    expect([empty.msg, long.msg, notHex.msg, badApp.msg]).toEqual([
      'Empty or invalid length token',
      'Empty or invalid length token',
      'Invalid APNS token',
      'Invalid app ID',
    ]);
    expect(missingApp.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'appid' argument" });
    const unknownRemove = await failure(member.push.removeFcmToken({ token: 'never-added' }));
    expect(unknownRemove).toEqual({ code: 'BAD_REQUEST', msg: 'Token does not exist', status: 400, extra: {} });
    const unknownTest = await failure(member.push.testLegacyNotification({ token: 'never-added' }));
    expect(unknownTest).toEqual({
      code: 'INVALID_PUSH_DEVICE_TOKEN',
      msg: 'Device not recognized',
      status: 400,
      extra: {},
    });
    const bot = await failure(t.client('bot').push.addFcmToken({ token: 'bot-token' }));
    expect(bot.msg).toBe('This endpoint does not accept bot requests.');
    // The bouncer forgot the device: it says so, and the server passes it on.
    await member.push.addFcmToken({ token: 'android-token' });
    const identity = t.store.get('push_identity', 1);
    t.bouncer.forgetServer(identity?.zulip_org_id ?? '');
    const refused = await failure(member.push.testLegacyNotification({}));
    expect(refused.code).toBe('ADMIN_ACTION_REQUIRED');
    await t.stopBouncer();
    const down = await failure(member.push.addFcmToken({ token: 'other-token' }));
    expect(down).toEqual({
      code: 'FAILED_TO_CONNECT_BOUNCER',
      msg: 'Network error while connecting to Zulip push notification service.',
      status: 502,
      extra: {},
    });
    // A refused registration stores nothing.
    expect([...t.store.all('push_device_tokens')].map((row) => row.token)).toEqual(['android-token']);
    return { empty, notHex, badApp, missingApp: missingApp.body, unknownRemove, unknownTest, bot, refused, down };
  }),

  scenario('push: the bouncer does not know a device: INVALID_REMOTE_PUSH_DEVICE_TOKEN', async (t) => {
    const member = t.client('member');
    await member.push.addFcmToken({ token: 'android-token' });
    // Forgotten by the bouncer only (e.g. it was reset): the server still has the token.
    const identity = t.store.get('push_identity', 1);
    await t.bouncer.handle(
      new Request(`http://bouncer.test/api/v1/remotes/push/unregister`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${identity?.zulip_org_id ?? ''}:${identity?.zulip_org_key ?? ''}`)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ user_id: t.accounts.member.userId, token: 'android-token', token_kind: 2 }),
      }),
    );
    const unknown = await failure(member.push.testLegacyNotification({ token: 'android-token' }));
    expect(unknown).toEqual({
      code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN',
      msg: 'Device not recognized by the push bouncer',
      status: 400,
      extra: {},
    });
    return unknown;
  }),

  scenario(
    'push: legacy tokens without a bouncer are kept by the server; test notifications have nowhere to go',
    async (t) => {
      const member = t.client('member');
      await member.push.addApnsToken({ token: APNS, appid: 'org.zulip.Zulip' });
      expect(await member.push.testLegacyNotification({})).toEqual({});
      expect(await member.push.testLegacyNotification({ token: APNS })).toEqual({});
      expect(await member.push.removeApnsToken({ token: APNS })).toEqual({});
      const again = await failure(member.push.removeApnsToken({ token: APNS }));
      expect(again.msg).toBe('Token does not exist');
      // Another user's token is not the caller's.
      await t.client('owner').push.addFcmToken({ token: 'owner-token' });
      const notMine = await failure(member.push.removeFcmToken({ token: 'owner-token' }));
      expect(notMine.msg).toBe('Token does not exist');
      return { again, notMine };
    },
    { config: { pushBouncerUrl: null } },
  ),
];
