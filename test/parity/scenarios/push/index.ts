import { expect } from 'vitest';
import {
  decryptPushNotification,
  generatePushKeyPair,
  pushRegistrationParams,
  type PushKeyPair,
} from '@teamchat/client-sdk/push';
import type { DemoRole } from '@teamchat/server';
import { failure, scenario, type Scenario, type ScenarioContext } from '../../harness.js';

/** Registers a device of `role` (FCM unless told) and waits until the bouncer has answered. */
async function registerDevice(
  t: ScenarioContext,
  role: DemoRole,
  options: {
    pushAccountId: number;
    keyPair?: PushKeyPair;
    token?: string;
    bouncerPublicKey?: string;
    timestamp?: number;
  },
) {
  const keyPair = options.keyPair ?? generatePushKeyPair();
  const params = pushRegistrationParams({
    pushAccountId: options.pushAccountId,
    keyPair,
    bouncerPublicKey: options.bouncerPublicKey ?? t.bouncer.publicKeys()[0] ?? '',
    token: options.token ?? `fcm-token-${options.pushAccountId}`,
    tokenKind: 'fcm',
    timestamp: options.timestamp ?? Math.floor(t.clock.now() / 1000),
  });
  const answer = await t.client(role).push.register(params);
  await t.settle();
  return { keyPair, answer, params };
}

/** What the device with `pushAccountId` received, decrypted with its key pair. */
function received(t: ScenarioContext, pushAccountId: number, keyPair: PushKeyPair) {
  const device = t.bouncer.devices().find((d) => d.push_account_id === pushAccountId);
  if (!device) return [];
  return t.bouncer.notifications(device.device_id).map((n) => {
    const data = decryptPushNotification(String(n.payload['encrypted_data']), keyPair);
    const { time: _time, ...rest } = data;
    return { push_account_id: n.payload['push_account_id'], fcm_priority: n.fcm_priority, data: rest };
  });
}

/** The events waiting in the queue, acknowledged (the next call starts after them). */
async function pushEvents(t: ScenarioContext, role: DemoRole, queueId: string) {
  const client = t.client(role);
  const { events } = await client.events.get({ queue_id: queueId, dont_block: true });
  const last = events.at(-1)?.['id'];
  if (typeof last === 'number') await client.events.get({ queue_id: queueId, last_event_id: last, dont_block: true });
  return events.map(({ id: _id, ...event }) => event);
}

/** E2EE push through a bouncer: registration, test notifications, message notifications, every error from its cause. */
export const pushScenarios: Scenario[] = [
  scenario('push: a device registers through the bouncer; a test notification decrypts on the device', async (t) => {
    const { queue_id } = await t
      .client('member')
      .events.register({ event_types: ['push_device'], fetch_event_types: [] });
    const { keyPair, answer } = await registerDevice(t, 'member', { pushAccountId: 2408 });
    expect(answer).toEqual({});
    const events = await pushEvents(t, 'member', queue_id ?? '');
    expect(events).toEqual([{ type: 'push_device', push_account_id: '2408', status: 'active' }]);
    const state = await t.client('member').events.register({ fetch_event_types: ['push_device'], event_types: [] });
    expect(state['push_devices']).toEqual({ '2408': { status: 'active', error_code: null } });
    // Registering again changes nothing (idempotent).
    await registerDevice(t, 'member', { pushAccountId: 2408, keyPair });
    expect(t.bouncer.devices()).toHaveLength(1);
    expect(await pushEvents(t, 'member', queue_id ?? '')).toEqual([]);
    await t.client('member').push.testNotification({});
    await t.client('member').push.testNotification({ push_account_id: 2408 });
    const notifications = received(t, 2408, keyPair);
    expect(notifications).toEqual([
      {
        push_account_id: '2408',
        fcm_priority: 'high',
        data: {
          type: 'test',
          realm_name: 'Teamchat Demo',
          realm_url: 'http://teamchat.test',
          user_id: t.accounts.member.userId,
        },
      },
      {
        push_account_id: '2408',
        fcm_priority: 'high',
        data: {
          type: 'test',
          realm_name: 'Teamchat Demo',
          realm_url: 'http://teamchat.test',
          user_id: t.accounts.member.userId,
        },
      },
    ]);
    // Not a device of another account, and never readable without the device's key.
    expect(() =>
      decryptPushNotification(String(t.bouncer.notifications(1)[0]?.payload['encrypted_data']), generatePushKeyPair()),
    ).toThrow(/not encrypted to this key pair/);
    const bot = await failure(t.client('bot').push.testNotification({}));
    expect(bot.msg).toBe('This endpoint does not accept bot requests.');
    return { events, state: state['push_devices'], notifications, bot };
  }),

  scenario('push: the bouncer refuses bad registrations; push_device reports each with its real code', async (t) => {
    const { queue_id } = await t
      .client('member')
      .events.register({ event_types: ['push_device'], fetch_event_types: [] });
    await registerDevice(t, 'member', { pushAccountId: 1, bouncerPublicKey: generatePushKeyPair().publicKey });
    await t.client('member').push.register({
      token_kind: 'fcm',
      push_account_id: 2,
      push_public_key: generatePushKeyPair().publicKey,
      bouncer_public_key: t.bouncer.publicKeys()[0] ?? '',
      encrypted_push_registration: 'bm90IGVuY3J5cHRlZA==',
    });
    await t.settle();
    await registerDevice(t, 'member', { pushAccountId: 3, timestamp: Math.floor(t.clock.now() / 1000) - 2 * 86_400 });
    const events = await pushEvents(t, 'member', queue_id ?? '');
    expect(events).toEqual([
      { type: 'push_device', push_account_id: '1', status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' },
      { type: 'push_device', push_account_id: '2', status: 'failed', error_code: 'BAD_REQUEST' },
      { type: 'push_device', push_account_id: '3', status: 'failed', error_code: 'REQUEST_EXPIRED' },
    ]);
    // A failed registration may be made again, this time right.
    await registerDevice(t, 'member', { pushAccountId: 3 });
    const state = await t.client('member').events.register({ fetch_event_types: ['push_device'], event_types: [] });
    expect(state['push_devices']).toEqual({
      '1': { status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' },
      '2': { status: 'failed', error_code: 'BAD_REQUEST' },
      '3': { status: 'active', error_code: null },
    });
    const noDevice = await failure(t.client('member').push.testNotification({ push_account_id: 1 }));
    expect(noDevice).toEqual({
      code: 'NO_ACTIVE_PUSH_DEVICE',
      msg: 'No active registered push device',
      status: 400,
      extra: {},
    });
    return { events, state: state['push_devices'] };
  }),

  scenario('push: test-notification errors come from their real causes', async (t) => {
    const none = await failure(t.client('member').push.testNotification({}));
    expect(none).toEqual({
      code: 'NO_ACTIVE_PUSH_DEVICE',
      msg: 'No active registered push device',
      status: 400,
      extra: {},
    });
    await registerDevice(t, 'member', { pushAccountId: 7 });
    const unknown = await failure(t.client('member').push.testNotification({ push_account_id: 8 }));
    expect(unknown.code).toBe('NO_ACTIVE_PUSH_DEVICE');
    t.bouncer.fail(503, 1);
    const bouncer5xx = await failure(t.client('member').push.testNotification({}));
    expect(bouncer5xx).toEqual({
      code: 'INTERNAL_SERVER_ERROR_ON_BOUNCER',
      msg: 'Internal server error on Zulip push notification service, retry later.',
      status: 502,
      extra: {},
    });
    const identity = t.store.get('push_identity', 1);
    t.bouncer.forgetServer(identity?.zulip_org_id ?? '');
    const refused = await failure(t.client('member').push.testNotification({}));
    expect(refused).toEqual({
      code: 'ADMIN_ACTION_REQUIRED',
      msg: 'Push notification configuration issue on server, contact the server administrator or retry later.',
      status: 403,
      extra: {},
    });
    await t.stopBouncer();
    const down = await failure(t.client('member').push.testNotification({}));
    expect(down).toEqual({
      code: 'FAILED_TO_CONNECT_BOUNCER',
      msg: 'Network error while connecting to Zulip push notification service.',
      status: 502,
      extra: {},
    });
    return { none, unknown, bouncer5xx, refused, down };
  }),

  scenario(
    'push: a server without a bouncer answers PUSH_SERVICE_NOT_CONFIGURED',
    async (t) => {
      const keys = generatePushKeyPair();
      const error = await failure(
        t.client('member').push.register({
          token_kind: 'fcm',
          push_account_id: 1,
          push_public_key: keys.publicKey,
          bouncer_public_key: keys.publicKey,
          encrypted_push_registration: 'AAAA',
        }),
      );
      expect(error).toEqual({
        code: 'PUSH_SERVICE_NOT_CONFIGURED',
        msg: 'Server is not configured to use push notification service.',
        status: 400,
        extra: {},
      });
      const test = await failure(t.client('member').push.testNotification({}));
      expect(test.code).toBe('NO_ACTIVE_PUSH_DEVICE');
      const badKind = await t.raw('POST', '/mobile_push/register', {
        role: 'member',
        params: {
          token_kind: 'sms',
          push_account_id: '1',
          push_public_key: 'x',
          bouncer_public_key: 'x',
          encrypted_push_registration: 'x',
        },
      });
      expect(badKind.status).toBe(400);
      return { error, test, badKind: badKind.body };
    },
    { config: { pushBouncerUrl: null } },
  ),

  scenario('push: direct messages and mentions notify the device; reading them removes the notification', async (t) => {
    const { keyPair } = await registerDevice(t, 'member', { pushAccountId: 42 });
    const dm = (
      await t
        .client('owner')
        .messages.send({ type: 'direct', to: [t.accounts.member.userId], content: 'Lunch at **noon**?' })
    ).id;
    const mention = (
      await t
        .client('owner')
        .messages.send({ type: 'stream', to: 'general', topic: 'plans', content: '@**Mike Member** can you review?' })
    ).id;
    await t
      .client('owner')
      .messages.send({ type: 'stream', to: 'general', topic: 'plans', content: 'No mention here' });
    await t
      .client('member')
      .messages.send({ type: 'stream', to: 'general', topic: 'plans', content: 'My own message' });
    await t.settle();
    const first = received(t, 42, keyPair);
    expect(first).toEqual([
      {
        push_account_id: '42',
        fcm_priority: 'high',
        data: expect.objectContaining({
          type: 'message',
          message_id: dm,
          sender_id: t.accounts.owner.userId,
          sender_full_name: 'Olivia Owner',
          content: 'Lunch at noon?',
          recipient_type: 'direct',
          user_id: t.accounts.member.userId,
        }),
      },
      {
        push_account_id: '42',
        fcm_priority: 'high',
        data: expect.objectContaining({
          type: 'message',
          message_id: mention,
          recipient_type: 'channel',
          channel_name: 'general',
          topic: 'plans',
          content: '@Mike Member can you review?',
        }),
      },
    ]);
    await t.client('member').messages.updateFlags({ messages: [dm], op: 'add', flag: 'read' });
    await t.settle();
    const after = received(t, 42, keyPair);
    expect(after.at(-1)).toEqual({
      push_account_id: '42',
      fcm_priority: 'normal',
      data: {
        type: 'remove',
        message_ids: [dm],
        realm_name: 'Teamchat Demo',
        realm_url: 'http://teamchat.test',
        user_id: t.accounts.member.userId,
      },
    });
    expect(after).toHaveLength(3);
    return { first, after };
  }),
  scenario(
    'push: a muted user notifies nobody who muted them: their direct messages and mentions arrive read',
    async (t) => {
      const { keyPair } = await registerDevice(t, 'member', { pushAccountId: 43 });
      await t.client('member').mutedUsers.mute({ muted_user_id: t.accounts.owner.userId });
      const dm = (
        await t.client('owner').messages.send({ type: 'direct', to: [t.accounts.member.userId], content: 'Muted DM' })
      ).id;
      const mention = (
        await t
          .client('owner')
          .messages.send({ type: 'stream', to: 'general', topic: 'plans', content: '@**Mike Member** muted mention' })
      ).id;
      const other = (
        await t
          .client('administrator')
          .messages.send({ type: 'direct', to: [t.accounts.member.userId], content: 'Not muted' })
      ).id;
      await t.settle();
      expect(received(t, 43, keyPair).map((n) => n.data['message_id'])).toEqual([other]);
      const flags = async (id: number) => (await t.client('member').messages.get({ message_id: id })).message.flags;
      expect(await flags(dm)).toContain('read');
      expect(await flags(mention)).toEqual(expect.arrayContaining(['read', 'mentioned']));
      expect(await flags(other)).not.toContain('read');
      return { dm: await flags(dm), mention: await flags(mention) };
    },
  ),
];
