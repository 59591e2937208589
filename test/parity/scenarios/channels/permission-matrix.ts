import type { Client } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import { scenario, type ScenarioContext } from '../../harness.js';
import { uid, verdict } from '../user-groups/helpers.js';

type Expectation = 'allow' | 'deny';

/** One endpoint (or one permission path of it), called once per role on a fresh channel. */
interface MatrixRow {
  endpoint: string;
  /** Prepares a fresh channel for the call (as the owner); returns its ID. */
  setup?: (t: ScenarioContext, n: number) => Promise<number>;
  call: (client: Client, channel: number, role: DemoRole, n: number) => Promise<unknown>;
  expect: Record<DemoRole, Expectation>;
}

const ROLES: readonly DemoRole[] = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'];
const all: Record<DemoRole, Expectation> = {
  owner: 'allow',
  administrator: 'allow',
  moderator: 'allow',
  member: 'allow',
  guest: 'allow',
  bot: 'allow',
};
const notGuests: Record<DemoRole, Expectation> = { ...all, guest: 'deny' };
const admins: Record<DemoRole, Expectation> = {
  owner: 'allow',
  administrator: 'allow',
  moderator: 'deny',
  member: 'deny',
  guest: 'deny',
  bot: 'deny',
};
const ownerOnly: Record<DemoRole, Expectation> = { ...admins, administrator: 'deny' };

/** A public channel made by the owner (its administrator), subscribed by the owner only. */
const fresh = async (t: ScenarioContext, n: number) =>
  (await t.client('owner').channels.create({ name: `matrix-${n}`, subscribers: [uid(t, 'owner')] })).id;

function rows(t: ScenarioContext): MatrixRow[] {
  return [
    {
      endpoint: 'POST /channels/create (public)',
      call: (c, _id, role) => c.channels.create({ name: `pub ${role}`, subscribers: [] }),
      expect: notGuests,
    },
    {
      endpoint: 'POST /channels/create (private)',
      call: (c, _id, role) => c.channels.create({ name: `priv ${role}`, subscribers: [], invite_only: true }),
      expect: notGuests,
    },
    {
      endpoint: 'POST /channels/create (default channel)',
      call: (c, _id, role) => c.channels.create({ name: `def ${role}`, subscribers: [], is_default_stream: true }),
      expect: admins,
    },
    {
      endpoint: 'POST /channels/create (retention)',
      call: (c, _id, role) => c.channels.create({ name: `ret ${role}`, subscribers: [], message_retention_days: 30 }),
      expect: ownerOnly,
    },
    {
      endpoint: 'POST /channels/create (topics_policy)',
      call: (c, _id, role) =>
        c.channels.create({ name: `tp ${role}`, subscribers: [], topics_policy: 'allow_empty_topic' }),
      expect: { ...admins, moderator: 'allow' },
    },
    {
      endpoint: 'POST /users/me/subscriptions (self, existing)',
      setup: fresh,
      call: (c, _id, _r, n) => c.channels.subscribe({ subscriptions: [{ name: `matrix-${n}` }] }),
      expect: notGuests,
    },
    {
      endpoint: 'POST /users/me/subscriptions (others, existing public)',
      setup: fresh,
      call: (c, _id, _r, n) =>
        c.channels.subscribe({ subscriptions: [{ name: `matrix-${n}` }], principals: [uid(t, 'guest')] }),
      expect: notGuests,
    },
    { endpoint: 'GET /streams', call: (c) => c.channels.list(), expect: all },
    {
      endpoint: 'GET /streams/{id} (public, unsubscribed)',
      setup: fresh,
      call: (c, id) => c.channels.get({ stream_id: id }),
      expect: notGuests,
    },
    {
      endpoint: 'GET /get_stream_id (public, unsubscribed)',
      setup: fresh,
      call: (c, _id, _r, n) => c.channels.getId({ stream: `matrix-${n}` }),
      expect: notGuests,
    },
    {
      endpoint: 'GET /streams/{id}/members (general)',
      call: (c) => c.channels.listSubscribers({ stream_id: 1 }),
      expect: all,
    },
    {
      endpoint: 'PATCH /streams/{id} (description)',
      setup: fresh,
      call: (c, id, role) => c.channels.update({ stream_id: id, description: `by ${role}` }),
      expect: admins,
    },
    {
      endpoint: 'DELETE /streams/{id}',
      setup: fresh,
      call: (c, id) => c.channels.archive({ stream_id: id }),
      expect: admins,
    },
    {
      endpoint: 'PATCH /streams/{id} (unarchive)',
      setup: async (ctx, n) => {
        const id = await fresh(ctx, n);
        await ctx.client('owner').channels.archive({ stream_id: id });
        return id;
      },
      call: (c, id) => c.channels.update({ stream_id: id, is_archived: false }),
      expect: admins,
    },
  ];
}

/**
 * The permission matrix of the channel endpoints: every row called as owner, administrator,
 * moderator, member, guest and bot (a member-role bot owned by the owner); the verdicts
 * (`allow`, or `deny:` with code and message) are checked against the table and returned, so
 * both targets also agree on every refusal message.
 */
export const channelPermissionMatrix = scenario('channels: permission matrix of every endpoint by role', async (t) => {
  const observed: Record<string, Record<DemoRole, string>> = {};
  let n = 0;
  for (const row of rows(t)) {
    const verdicts = {} as Record<DemoRole, string>;
    for (const role of ROLES) {
      n += 1;
      const channel = row.setup ? await row.setup(t, n) : 0;
      verdicts[role] = await verdict(row.call(t.client(role), channel, role, n));
    }
    observed[row.endpoint] = verdicts;
    const simplified = Object.fromEntries(
      ROLES.map((role) => [role, verdicts[role].startsWith('allow') ? 'allow' : 'deny']),
    );
    expect({ endpoint: row.endpoint, ...simplified }).toEqual({ endpoint: row.endpoint, ...row.expect });
  }
  return observed;
});
