import { expect } from 'vitest';
import { scenario, type Scenario, type ScenarioContext } from '../../harness.js';
import { expectConsistent } from '../shared/consistency.js';

/** The events of a queue of `role` for `types`, without their IDs, after `action`. */
async function eventsOf(
  t: ScenarioContext,
  role: 'member' | 'guest' | 'owner',
  types: string[],
  action: () => Promise<unknown>,
): Promise<Record<string, unknown>[]> {
  const client = t.client(role);
  const { queue_id } = await client.events.register({ event_types: types, fetch_event_types: [] });
  await action();
  const { events } = await client.events.get({ queue_id: queue_id ?? '', dont_block: true });
  return events.map(({ id: _id, ...event }) => event);
}

/**
 * Events as the real server's own schema checkers (`zerver/lib/event_schema.py`) want them:
 * the cases that differed (issue 29), each also a state + events = fresh state check.
 */
export const fidelityEventScenarios: Scenario[] = [
  scenario(
    'events: a time zone change carries email; one user_status event for a combined change; custom emoji carry still_url',
    async (t) => {
      const member = t.client('member');
      const timezone = await eventsOf(t, 'owner', ['realm_user'], () =>
        member.settings.update({ timezone: 'Asia/Tokyo' }),
      );
      const status = await eventsOf(t, 'owner', ['user_status'], () =>
        member.users.updateStatus({ away: true, status_text: 'Out to lunch', emoji_name: 'car' }),
      );
      const emoji = await eventsOf(t, 'owner', ['realm_emoji'], () =>
        member.realmEmoji.upload({ emoji_name: 'octo', file: new File([PNG], 'octo.png', { type: 'image/png' }) }),
      );
      expect(timezone).toEqual([
        {
          type: 'realm_user',
          op: 'update',
          person: { email: t.accounts.member.email, user_id: t.accounts.member.userId, timezone: 'Asia/Tokyo' },
        },
      ]);
      expect(status).toEqual([
        {
          type: 'user_status',
          user_id: t.accounts.member.userId,
          away: true,
          status_text: 'Out to lunch',
          emoji_name: 'car',
          emoji_code: '1f697',
          reaction_type: 'unicode_emoji',
        },
      ]);
      const shown = Object.values((emoji[0]?.['realm_emoji'] ?? {}) as Record<string, Record<string, unknown>>);
      expect(shown.length).toBe(2);
      for (const one of shown)
        expect(one).toEqual({
          id: expect.any(String),
          name: expect.any(String),
          source_url: expect.any(String),
          still_url: null,
          deactivated: false,
          author_id: expect.any(Number),
        });
      const seen: Record<string, string[]> = {};
      seen['time zone'] = await expectConsistent(t, 'owner', () =>
        member.settings.update({ timezone: 'Europe/Berlin' }),
      );
      seen['combined status'] = await expectConsistent(t, 'owner', () =>
        member.users.updateStatus({ away: false, status_text: 'Back', emoji_name: 'octopus' }),
      );
      // The owner hears of it once; the member's own user_settings event goes to the member only.
      expect(seen['combined status']).toEqual(['user_status']);
      return { timezone, status, emoji: shown.map((one) => one['still_url']), seen };
    },
  ),

  scenario(
    'events: restricted user access: a guest who leaves its channels gets realm_user/remove for each user it no longer sees, realm_user/add as it sees them again',
    async (t) => {
      const owner = t.client('owner');
      const guest = t.client('guest');
      const members = (await owner.userGroups.list({})).user_groups.find((g) => g.name === 'role:members')?.id ?? 0;
      await owner.realm.update({ can_access_all_users_group: { new: members } });
      const { id: pairs } = await owner.channels.create({ name: 'pairs', subscribers: [t.accounts.moderator.userId] });
      // A channel of its own, so that its register keeps subscriber lists to compare.
      await owner.channels.create({ name: 'solo', subscribers: [t.accounts.guest.userId] });
      const seen: Record<string, string[]> = {};
      // Leaving general, the only channel it shares with the others: it sees only itself and the bots.
      let removed: Record<string, unknown>[] = [];
      seen['leave'] = await expectConsistent(t, 'guest', async () => {
        removed = await eventsOf(t, 'guest', ['realm_user'], () =>
          guest.channels.unsubscribe({ subscriptions: ['general'] }),
        );
      });
      const hidden = [t.accounts.owner, t.accounts.administrator, t.accounts.moderator, t.accounts.member]
        .map((account) => account.userId)
        .sort((a, b) => a - b);
      expect(removed).toEqual(
        hidden.map((user_id) => ({ type: 'realm_user', op: 'remove', person: { user_id, full_name: 'Unknown user' } })),
      );
      const state = await guest.events.register({
        fetch_event_types: ['realm_user'],
        client_capabilities: { user_list_incomplete: true },
      });
      const listed = (state['realm_users'] as { user_id: number; is_bot: boolean }[])
        .filter((user) => !user.is_bot)
        .map((user) => user.user_id);
      expect(listed).toEqual([t.accounts.guest.userId]);
      // Without user_list_incomplete, the others are listed as "Unknown user".
      const legacy = await guest.events.register({ fetch_event_types: ['realm_user'] });
      const unknown = (legacy['realm_users'] as { user_id: number; full_name: string }[]).filter((user) =>
        hidden.includes(user.user_id),
      );
      expect(unknown.map((user) => user.full_name)).toEqual(hidden.map(() => 'Unknown user'));
      // GET /users lists them the same way (the real get_users_for_api without user_list_incomplete).
      const { members: listedByGetUsers } = await guest.users.list();
      const stubs = listedByGetUsers.filter((user) => hidden.includes(user.user_id));
      expect(stubs.map((user) => [user.full_name, user.email.startsWith(`user${user.user_id}@`)])).toEqual(
        hidden.map(() => ['Unknown user', true]),
      );
      expect(listedByGetUsers.find((user) => user.user_id === t.accounts.guest.userId)?.full_name).not.toBe(
        'Unknown user',
      );
      // Joining a channel with the moderator: it sees the moderator again, as a realm_user/add.
      let added: Record<string, unknown>[] = [];
      seen['join'] = await expectConsistent(t, 'guest', async () => {
        added = await eventsOf(t, 'guest', ['realm_user'], () =>
          owner.channels.subscribe({ subscriptions: [{ name: 'pairs' }], principals: [t.accounts.guest.userId] }),
        );
      });
      expect(added).toEqual([
        {
          type: 'realm_user',
          op: 'add',
          person: expect.objectContaining({
            user_id: t.accounts.moderator.userId,
            full_name: 'Maya Moderator',
            profile_data: {},
          }),
        },
      ]);
      expect(seen['leave']).toContain('realm_user:remove');
      expect(seen['join']).toContain('realm_user:add');
      return { removed, listed, added, pairs, seen, stubs };
    },
  ),
];

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
