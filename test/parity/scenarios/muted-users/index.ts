import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** POST and DELETE /users/me/muted_users/{muted_user_id}. */
export const mutedUserScenarios: Scenario[] = [
  scenario("muted-users: muting marks the user's messages read, and their new ones arrive read", async (t) => {
    const member = t.client('member');
    const guest = t.client('guest');
    const { id: before } = await guest.messages.send({
      type: 'direct',
      to: [t.accounts.member.userId],
      content: 'hello?',
    });
    await member.mutedUsers.mute({ muted_user_id: t.accounts.guest.userId });
    const { id: after } = await guest.messages.send({
      type: 'direct',
      to: [t.accounts.member.userId],
      content: 'anyone?',
    });
    const flags = async (id: number) => (await member.messages.get({ message_id: id })).message.flags;
    const state = await member.events.register({ fetch_event_types: ['muted_users'] });
    expect(state['muted_users']).toEqual([{ id: t.accounts.guest.userId, timestamp: expect.any(Number) }]);
    expect(await flags(before)).toContain('read');
    expect(await flags(after)).toContain('read');
    const errors = {
      self: await failure(member.mutedUsers.mute({ muted_user_id: t.accounts.member.userId })),
      twice: await failure(member.mutedUsers.mute({ muted_user_id: t.accounts.guest.userId })),
      unknown: await failure(member.mutedUsers.mute({ muted_user_id: 999 })),
      notMuted: await failure(member.mutedUsers.unmute({ muted_user_id: t.accounts.owner.userId })),
    };
    await member.mutedUsers.unmute({ muted_user_id: t.accounts.guest.userId });
    const { id: later } = await guest.messages.send({
      type: 'direct',
      to: [t.accounts.member.userId],
      content: 'back?',
    });
    expect(await flags(later)).not.toContain('read');
    expect(errors.self).toMatchObject({ code: 'BAD_REQUEST', msg: 'Cannot mute self' });
    expect(errors.twice.msg).toBe('User already muted');
    expect(errors.unknown.msg).toBe('No such user');
    expect(errors.notMuted.msg).toBe('User is not muted');
    return { errors, muted: state['muted_users'] };
  }),
];
