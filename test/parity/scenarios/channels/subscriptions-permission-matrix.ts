import type { Client } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import { scenario, type ScenarioContext } from '../../harness.js';
import { groupIds, uid, verdict } from '../user-groups/helpers.js';

type Expectation = 'allow' | 'deny';

/** What a row's setup prepared for one call: a fresh channel (name and ID). */
interface Fixture {
  name: string;
  id: number;
}

/** One endpoint (or one permission path of it), called once per role. */
interface MatrixRow {
  endpoint: string;
  /** Prepares a fresh channel for the call of `role` (as the owner), so calls do not interfere. */
  setup: (t: ScenarioContext, role: DemoRole, ids: Record<string, number>) => Promise<Fixture>;
  call: (client: Client, fixture: Fixture, role: DemoRole) => Promise<unknown>;
  expect: Record<DemoRole, Expectation>;
}

const ROLES: readonly DemoRole[] = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'];

const everyone: Record<DemoRole, Expectation> = {
  owner: 'allow',
  administrator: 'allow',
  moderator: 'allow',
  member: 'allow',
  guest: 'allow',
  bot: 'allow',
};
const admins: Record<DemoRole, Expectation> = {
  owner: 'allow',
  administrator: 'allow',
  moderator: 'deny',
  member: 'deny',
  guest: 'deny',
  bot: 'deny',
};

/** Someone other than the caller (and not the caller's bot), to remove. */
const otherThan = (role: DemoRole): DemoRole => (role === 'member' ? 'moderator' : 'member');

/**
 * Each subscription endpoint called as owner, administrator, moderator, member, guest and
 * bot. Every call gets a fresh public channel made by the member (so the owner does not
 * administer it as its creator), with the caller and another user subscribed and the
 * settings the row names.
 */
function rows(t: ScenarioContext): MatrixRow[] {
  let counter = 0;
  const freshChannel =
    (
      options: {
        inviteOnly?: boolean;
        subscribers?: (role: DemoRole) => DemoRole[];
        settings?: (ids: Record<string, number>) => Record<string, number>;
      } = {},
    ) =>
    async (ctx: ScenarioContext, role: DemoRole, ids: Record<string, number>): Promise<Fixture> => {
      counter += 1;
      const name = `sub-matrix-${counter}`;
      const subscribers = options.subscribers?.(role) ?? [role, otherThan(role), 'member'];
      const { id } = await ctx.client('member').channels.create({
        name,
        invite_only: options.inviteOnly ?? false,
        subscribers: [...new Set(subscribers)].map((r) => uid(ctx, r)),
        ...(options.settings?.(ids) ?? {}),
      });
      return { name, id };
    };
  return [
    {
      endpoint: 'GET /users/me/subscriptions',
      setup: freshChannel(),
      call: (c) => c.channels.listSubscriptions({ include_subscribers: true }),
      expect: everyone,
    },
    {
      endpoint: 'DELETE /users/me/subscriptions (oneself)',
      setup: freshChannel(),
      call: (c, f) => c.channels.unsubscribe({ subscriptions: [f.name] }),
      expect: everyone,
    },
    {
      endpoint: 'DELETE /users/me/subscriptions (oneself, by principals)',
      setup: freshChannel(),
      call: (c, f, role) => c.channels.unsubscribe({ subscriptions: [f.name], principals: [uid(t, role)] }),
      expect: everyone,
    },
    {
      endpoint: 'DELETE /users/me/subscriptions (another user, default settings)',
      setup: freshChannel(),
      call: (c, f, role) => c.channels.unsubscribe({ subscriptions: [f.name], principals: [uid(t, otherThan(role))] }),
      // The member created the channel, so administers it.
      expect: { ...admins, member: 'allow' },
    },
    {
      endpoint: 'DELETE /users/me/subscriptions (another user, can_remove_subscribers_group = role:members)',
      setup: freshChannel({ settings: (ids) => ({ can_remove_subscribers_group: ids['role:members'] as number }) }),
      call: (c, f, role) => c.channels.unsubscribe({ subscriptions: [f.name], principals: [uid(t, otherThan(role))] }),
      expect: { ...everyone, guest: 'deny' },
    },
    {
      endpoint: 'DELETE /users/me/subscriptions (another user, can_administer_channel_group = role:moderators)',
      setup: freshChannel({ settings: (ids) => ({ can_administer_channel_group: ids['role:moderators'] as number }) }),
      call: (c, f, role) => c.channels.unsubscribe({ subscriptions: [f.name], principals: [uid(t, otherThan(role))] }),
      expect: { ...admins, moderator: 'allow' },
    },
    {
      endpoint: 'DELETE /users/me/subscriptions (the demo bot, owned by the owner)',
      setup: freshChannel({ subscribers: (role) => [role, 'bot', 'member'] }),
      call: (c, f) => c.channels.unsubscribe({ subscriptions: [f.name], principals: [uid(t, 'bot')] }),
      // The bot removes itself; the member administers the channel it created.
      expect: { ...admins, member: 'allow', bot: 'allow' },
    },
    {
      endpoint: 'DELETE /users/me/subscriptions (another user, private channel the caller is not in)',
      setup: freshChannel({ inviteOnly: true, subscribers: (role) => [otherThan(role), 'member'] }),
      call: (c, f, role) => c.channels.unsubscribe({ subscriptions: [f.name], principals: [uid(t, otherThan(role))] }),
      expect: { ...admins, member: 'allow' },
    },
    {
      endpoint: 'POST /users/me/subscriptions/properties',
      setup: freshChannel(),
      call: (c, f) =>
        c.channels.updateSubscriptionProperties({
          subscription_data: [{ stream_id: f.id, property: 'is_muted', value: true }],
        }),
      expect: everyone,
    },
    {
      endpoint: 'GET /users/{id}/subscriptions/{stream_id} (public channel)',
      setup: freshChannel({ subscribers: () => ['member'] }),
      call: (c, f) => c.channels.isSubscribed({ user_id: uid(t, 'member'), stream_id: f.id }),
      // Guests see public channels only when subscribed.
      expect: { ...everyone, guest: 'deny' },
    },
    {
      endpoint: 'GET /users/{id}/subscriptions/{stream_id} (private channel of the member)',
      setup: freshChannel({ inviteOnly: true, subscribers: () => ['member'] }),
      call: (c, f) => c.channels.isSubscribed({ user_id: uid(t, 'member'), stream_id: f.id }),
      expect: { ...admins, member: 'allow' },
    },
  ];
}

/**
 * The permission matrix of the subscription endpoints: every row called as each role; the
 * observed verdicts (`allow`, or `deny:` with code and message) are checked against the table
 * and returned, so both targets must also agree on every refusal message.
 */
export const subscriptionPermissionMatrix = scenario(
  'channels: subscriptions, permission matrix of every endpoint by role',
  async (t) => {
    const ids = await groupIds(t);
    const observed: Record<string, Record<DemoRole, string>> = {};
    for (const row of rows(t)) {
      const verdicts = {} as Record<DemoRole, string>;
      for (const role of ROLES) {
        const fixture = await row.setup(t, role, ids);
        verdicts[role] = await verdict(row.call(t.client(role), fixture, role));
      }
      observed[row.endpoint] = verdicts;
      const simplified = Object.fromEntries(
        ROLES.map((role) => [role, verdicts[role].startsWith('allow') ? 'allow' : 'deny']),
      );
      expect({ endpoint: row.endpoint, ...simplified }).toEqual({ endpoint: row.endpoint, ...row.expect });
    }
    return observed;
  },
);
