import { expect } from 'vitest';
import { failure, scenario, type Scenario, type ScenarioContext } from '../../harness.js';
import { channelId } from './subscriptions-helpers.js';
import { pendingEvents } from '../user-groups/helpers.js';

/** The personal settings of the member's subscription to `streamId`. */
async function settingsOf(t: ScenarioContext, streamId: number) {
  const { subscriptions } = await t.client('member').channels.listSubscriptions();
  const sub = subscriptions.find((s) => s.stream_id === streamId);
  if (!sub) throw new Error(`member is not subscribed to ${streamId}`);
  const {
    color,
    is_muted,
    in_home_view,
    pin_to_top,
    desktop_notifications,
    audible_notifications,
    push_notifications,
    email_notifications,
    wildcard_mentions_notify,
  } = sub;
  return {
    color,
    is_muted,
    in_home_view,
    pin_to_top,
    desktop_notifications,
    audible_notifications,
    push_notifications,
    email_notifications,
    wildcard_mentions_notify,
  };
}

/**
 * Scenarios of POST /users/me/subscriptions/properties: every property with its events, and
 * every refusal (each leaving the settings as they were).
 */
export const subscriptionPropertyScenarios: Scenario[] = [
  scenario(
    'channels: subscriptions, properties change personal settings and emit update events (two for muting)',
    async (t) => {
      const member = t.client('member');
      const [general, engineering] = [await channelId(t, 'general'), await channelId(t, 'engineering')];
      const queue = await member.events.register({ event_types: ['subscription'] });
      const ownerQueue = await t.client('owner').events.register({ event_types: ['subscription'] });
      const response = await member.channels.updateSubscriptionProperties({
        subscription_data: [
          { stream_id: general, property: 'color', value: '#ABC' },
          { stream_id: general, property: 'is_muted', value: true },
          { stream_id: general, property: 'pin_to_top', value: true },
          { stream_id: general, property: 'desktop_notifications', value: false },
          { stream_id: general, property: 'audible_notifications', value: true },
          { stream_id: general, property: 'push_notifications', value: false },
          { stream_id: general, property: 'email_notifications', value: true },
          { stream_id: general, property: 'wildcard_mentions_notify', value: false },
          { stream_id: engineering, property: 'in_home_view', value: false },
        ],
      });
      expect(response).toEqual({});
      const update = (stream_id: number, property: string, value: unknown, id: number) => ({
        type: 'subscription',
        op: 'update',
        property,
        value,
        stream_id,
        id,
      });
      const events = await pendingEvents(t, 'member', queue.queue_id);
      expect(events).toEqual([
        update(general, 'color', '#aabbcc', 0),
        update(general, 'in_home_view', false, 1),
        update(general, 'is_muted', true, 2),
        update(general, 'pin_to_top', true, 3),
        update(general, 'desktop_notifications', false, 4),
        update(general, 'audible_notifications', true, 5),
        update(general, 'push_notifications', false, 6),
        update(general, 'email_notifications', true, 7),
        update(general, 'wildcard_mentions_notify', false, 8),
        update(engineering, 'in_home_view', false, 9),
        update(engineering, 'is_muted', true, 10),
      ]);
      // Personal settings concern nobody else.
      expect(await pendingEvents(t, 'owner', ownerQueue.queue_id)).toEqual([]);
      const settings = { general: await settingsOf(t, general), engineering: await settingsOf(t, engineering) };
      expect(settings).toEqual({
        general: {
          color: '#aabbcc',
          is_muted: true,
          in_home_view: false,
          pin_to_top: true,
          desktop_notifications: false,
          audible_notifications: true,
          push_notifications: false,
          email_notifications: true,
          wildcard_mentions_notify: false,
        },
        engineering: expect.objectContaining({
          is_muted: true,
          in_home_view: false,
          pin_to_top: false,
          desktop_notifications: null,
        }),
      });
      // Unmuting through `in_home_view`, and a six-digit colour kept (lowercased).
      await member.channels.updateSubscriptionProperties({
        subscription_data: [
          { stream_id: engineering, property: 'in_home_view', value: true },
          { stream_id: engineering, property: 'color', value: '#C2C2C2' },
        ],
      });
      const after = await settingsOf(t, engineering);
      expect(after).toMatchObject({ is_muted: false, in_home_view: true, color: '#c2c2c2' });
      return { events, settings, after };
    },
  ),

  scenario(
    'channels: subscriptions, properties refuse bad changes with the real messages and change nothing',
    async (t) => {
      const member = t.client('member');
      const [general, engineering] = [await channelId(t, 'general'), await channelId(t, 'engineering')];
      const { id: secret } = await t
        .client('owner')
        .channels.create({ name: 'props-secret', invite_only: true, subscribers: [t.accounts.owner.userId] });
      const before = await settingsOf(t, general);
      const change = (stream_id: number, property: string, value: boolean | string) => ({ stream_id, property, value });
      const valid = change(general, 'pin_to_top', true);
      const attempt = (bad: ReturnType<typeof change>) =>
        failure(member.channels.updateSubscriptionProperties({ subscription_data: [valid, bad] }));
      const errors = {
        unknownProperty: await attempt(change(general, 'sound', true)),
        notBoolean: await attempt(change(general, 'is_muted', 'yes')),
        badColor: await attempt(change(general, 'color', 'red')),
        colorNotString: await attempt(change(general, 'color', true)),
        unknownChannel: await attempt(change(99_999, 'is_muted', true)),
        privateChannel: await attempt(change(secret, 'is_muted', true)),
        notSubscribed: await failure(
          t
            .client('moderator')
            .channels.updateSubscriptionProperties({ subscription_data: [change(engineering, 'is_muted', true)] }),
        ),
      };
      expect(errors).toEqual({
        unknownProperty: { code: 'BAD_REQUEST', msg: 'Unknown subscription property: sound', status: 400, extra: {} },
        notBoolean: { code: 'BAD_REQUEST', msg: 'is_muted is not a boolean', status: 400, extra: {} },
        badColor: { code: 'BAD_REQUEST', msg: 'color is not a valid hex color code', status: 400, extra: {} },
        colorNotString: { code: 'BAD_REQUEST', msg: 'color is not a string', status: 400, extra: {} },
        unknownChannel: { code: 'BAD_REQUEST', msg: 'Invalid channel ID', status: 400, extra: {} },
        privateChannel: { code: 'BAD_REQUEST', msg: 'Invalid channel ID', status: 400, extra: {} },
        notSubscribed: {
          code: 'BAD_REQUEST',
          msg: `Not subscribed to channel ID ${engineering}`,
          status: 400,
          extra: {},
        },
      });
      const missing = await t.raw('POST', '/users/me/subscriptions/properties', { role: 'member', body: '' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ result: 'error', msg: "Missing 'subscription_data' argument" });
      const malformed = await t.raw('POST', '/users/me/subscriptions/properties', {
        role: 'member',
        params: { subscription_data: JSON.stringify([{ stream_id: general, property: 'is_muted' }]) },
      });
      expect(malformed.status).toBe(400);
      expect(await settingsOf(t, general)).toEqual(before);
      expect(malformed.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid subscription_data[0]["value"]' });
      return { errors, missing: missing.body, malformed: malformed.body };
    },
  ),
];
