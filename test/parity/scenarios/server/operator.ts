import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { drain, queueFor } from '../shared/configuration-helpers.js';

const DEACTIVATED = 'This organization has been deactivated';

/**
 * What operators do with the server's commands (the real server's management commands
 * `change_user_role`, `deactivate_realm`, `reactivate_realm`), as `teamchat-server <command>`
 * asks the running server over its control channel (`t.operator`).
 */
export const operatorScenarios: Scenario[] = [
  scenario(
    'server: an operator grants can_change_user_emails; an administrator holding it changes a user email with new_email',
    async (t) => {
      const admin = t.client('administrator');
      const member = t.accounts.member;
      const before = await failure(
        admin.users.update({ user_id: member.userId, new_email: 'mike.new@teamchat.example' }),
      );
      const granted = await t.operator({
        action: 'change-user-role',
        email: t.accounts.administrator.email.toUpperCase(),
        role: 'can_change_user_emails',
      });
      // The documentation's own example runs as an administrator (the changelog at level 313).
      const changed = await admin.users.update({ user_id: member.userId, new_email: 'mike.new@teamchat.example' });
      const after = (await t.client('owner').users.get({ user_id: member.userId })).user;
      const again = await t
        .operator({ action: 'change-user-role', email: t.accounts.administrator.email, role: 'can_change_user_emails' })
        .catch((error: Error) => error.message);
      const revoked = await t.operator({
        action: 'change-user-role',
        email: t.accounts.administrator.email,
        role: 'can_change_user_emails',
        revoke: true,
      });
      const refusedAgain = await failure(
        admin.users.update({ user_id: member.userId, new_email: 'mike.third@teamchat.example' }),
      );
      const forge = await t.operator({
        action: 'change-user-role',
        email: t.accounts.moderator.email,
        role: 'can_forge_sender',
      });
      const createUsers = await t
        .operator({
          action: 'change-user-role',
          email: t.accounts.moderator.email,
          role: 'can_create_users',
          revoke: true,
        })
        .catch((error: Error) => error.message);
      const role = await t.operator({ action: 'change-user-role', email: t.accounts.guest.email, role: 'member' });
      const sameRole = await t
        .operator({ action: 'change-user-role', email: t.accounts.guest.email, role: 'member' })
        .catch((error: Error) => error.message);
      const revokeRole = await t
        .operator({ action: 'change-user-role', email: t.accounts.guest.email, role: 'admin', revoke: true })
        .catch((error: Error) => error.message);
      const unknown = await t
        .operator({ action: 'change-user-role', email: 'nobody@teamchat.example', role: 'admin' })
        .catch((error: Error) => error.message);
      expect(before).toMatchObject({ code: 'BAD_REQUEST', msg: 'User not authorized to change user emails' });
      expect(granted).toEqual({ lines: [] });
      expect(changed).toEqual({});
      expect(after.delivery_email).toBe('mike.new@teamchat.example');
      expect(again).toBe('User can already change user emails for this realm.');
      expect(revoked).toEqual({ lines: [] });
      expect(refusedAgain.msg).toBe('User not authorized to change user emails');
      expect(forge).toEqual({ lines: [`${t.accounts.moderator.email} changed to have can_forge_sender permission.`] });
      expect(createUsers).toBe("User can't create users for this realm.");
      expect(role).toEqual({ lines: [`Role for ${t.accounts.guest.email} changed from Guest to Member.`] });
      expect((await t.client('owner').users.get({ user_id: t.accounts.guest.userId })).user.role).toBe(400);
      expect(sameRole).toBe('User already has this role.');
      expect(revokeRole).toBe('Revoke not supported with this permission; please specify new role.');
      expect(unknown).toMatch(/^The realm '.+' does not contain a user with email 'nobody@teamchat.example'$/);
      return {
        before,
        granted,
        changed,
        after: after.delivery_email,
        again,
        revoked,
        refusedAgain,
        forge,
        createUsers,
        role,
        sameRole,
        revokeRole,
        unknown,
      };
    },
  ),

  scenario(
    'server: a deactivated organization refuses every authenticated call with the real answers, until it is reactivated',
    async (t) => {
      const member = t.accounts.member;
      const queue = await queueFor(t, 'member', ['realm']);
      const deactivated = await t.operator({ action: 'deactivate-organization' });
      const again = await t.operator({ action: 'deactivate-organization' });
      const answers = {
        // The Basic-auth path re-raises the RealmDeactivatedError as UNAUTHORIZED (same words).
        me: await t.raw('GET', '/users/me', { role: 'member' }),
        send: await t.raw('POST', '/messages', {
          role: 'owner',
          params: { type: 'stream', to: 'general', topic: 'x', content: 'y' },
        }),
        events: await t.raw('GET', '/events', {
          role: 'member',
          params: { queue_id: queue, last_event_id: '-1', dont_block: 'true' },
        }),
        wrongKey: await t.raw('GET', '/users/me', { auth: { email: member.email, apiKey: 'a'.repeat(32) } }),
        // POST /fetch_api_key raises it as it is.
        fetchApiKey: await failure(
          t.client(null).server.fetchApiKey({ username: member.email, password: member.password ?? '' }),
        ),
        // What needs no account still answers.
        settings: (await t.raw('GET', '/server_settings')).status,
      };
      expect(deactivated).toEqual({ lines: [expect.stringMatching(/^Deactivating \S+$/), 'Done!'] });
      expect(again).toEqual({ lines: [expect.stringMatching(/^The realm \S+ is already deactivated\.$/)] });
      for (const answer of [answers.me, answers.send, answers.events]) {
        expect(answer).toMatchObject({
          status: 401,
          body: { result: 'error', code: 'UNAUTHORIZED', msg: DEACTIVATED },
        });
      }
      expect(answers.wrongKey.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Invalid API key' });
      expect(answers.fetchApiKey).toEqual({ code: 'REALM_DEACTIVATED', msg: DEACTIVATED, status: 401, extra: {} });
      expect(answers.settings).toBe(200);
      const reactivated = await t.operator({ action: 'reactivate-organization' });
      const active = await t.operator({ action: 'reactivate-organization' });
      expect(reactivated).toEqual({ lines: [expect.stringMatching(/^Reactivating \S+$/), 'Done!'] });
      expect(active).toEqual({ lines: [expect.stringMatching(/^Realm \S+ is already active\.$/)] });
      expect((await t.raw('GET', '/users/me', { role: 'member' })).status).toBe(200);
      // The queue registered before the deactivation holds the event that ended its long poll.
      const events = await drain(t, 'member', queue);
      expect(events).toEqual([{ type: 'realm', op: 'deactivated', realm_id: 1 }]);
      return { deactivated, again, answers, reactivated, active, events };
    },
  ),
];
