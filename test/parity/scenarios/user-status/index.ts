import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** POST /users/me/status, GET and POST /users/{user_id}/status. */
export const userStatusScenarios: Scenario[] = [
  scenario(
    'user-status: set, read and clear a status; away follows presence sharing; administrators set others',
    async (t) => {
      const member = t.client('member');
      const queue = await t.client('guest').events.register({ event_types: ['user_status'] });
      await member.users.updateStatus({ status_text: '  In a meeting  ', emoji_name: 'calendar' });
      const set = await t.client('guest').users.getStatus({ user_id: t.accounts.member.userId });
      expect(set.status).toMatchObject({
        status_text: 'In a meeting',
        emoji_name: 'calendar',
        reaction_type: 'unicode_emoji',
      });
      await member.users.updateStatus({ away: true });
      const settings = await member.events.register({ fetch_event_types: ['user_settings', 'user_status'] });
      expect((settings['user_settings'] as Record<string, unknown>)['presence_enabled']).toBe(false);
      expect((settings['user_status'] as Record<string, unknown>)[String(t.accounts.member.userId)]).toMatchObject({
        away: true,
        status_text: 'In a meeting',
      });
      await member.users.updateStatus({ status_text: '', emoji_name: '', away: false });
      const cleared = await member.users.getStatus({ user_id: t.accounts.member.userId });
      expect(cleared.status).toEqual({});
      await t
        .client('administrator')
        .users.updateStatusOf({ user_id: t.accounts.guest.userId, status_text: 'Visiting' });
      const { events } = await t.client('guest').events.get({ queue_id: queue.queue_id ?? '', dont_block: true });
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        {
          type: 'user_status',
          user_id: t.accounts.member.userId,
          status_text: 'In a meeting',
          emoji_name: 'calendar',
          emoji_code: expect.any(String),
          reaction_type: 'unicode_emoji',
        },
        { type: 'user_status', user_id: t.accounts.member.userId, away: true },
        // One event for one call, with every field it set (the real do_update_user_status).
        {
          type: 'user_status',
          user_id: t.accounts.member.userId,
          away: false,
          status_text: '',
          emoji_name: '',
          emoji_code: '',
          reaction_type: 'unicode_emoji',
        },
        { type: 'user_status', user_id: t.accounts.guest.userId, status_text: 'Visiting' },
      ]);
      const errors = {
        nothing: await failure(member.users.updateStatus({})),
        tooLong: await failure(member.users.updateStatus({ status_text: 'x'.repeat(61) })),
        badEmoji: await failure(member.users.updateStatus({ emoji_name: 'no_such_emoji_here' })),
        noUser: await failure(member.users.getStatus({ user_id: 999 })),
        notAdmin: await failure(member.users.updateStatusOf({ user_id: t.accounts.guest.userId, status_text: 'x' })),
      };
      expect(errors.nothing).toMatchObject({ code: 'BAD_REQUEST', msg: 'Client did not pass any new values.' });
      expect(errors.tooLong.msg).toBe('status_text is too long (limit: 60 characters)');
      expect(errors.badEmoji.msg).toBe("Emoji 'no_such_emoji_here' does not exist");
      expect(errors.noUser.msg).toBe('No such user');
      expect(errors.notAdmin).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
      return { set, cleared, errors };
    },
  ),
];
