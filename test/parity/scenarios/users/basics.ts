import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** GET /users and GET /users/me: the basic shapes. */
export const userBasicScenarios: Scenario[] = [
  scenario('users: GET /users lists every account with the real server shape', async (t) => {
    const { members } = await t.client('member').users.list();
    expect(members.map((m) => m.full_name)).toEqual([
      'Olivia Owner',
      'Adam Admin',
      'Maya Moderator',
      'Mike Member',
      'Gina Guest',
      'Demo Bot',
    ]);
    const bot = members.find((m) => m.is_bot);
    expect(bot).toMatchObject({ bot_type: 1, bot_owner_id: t.accounts.owner.userId });
    expect(members[0]).toMatchObject({ role: 100, is_owner: true, is_admin: true, avatar_url: null });
    const withAvatars = await t.client('member').users.list({ client_extavatar: false });
    expect(withAvatars.members[0]?.avatar_url).toMatch(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/,
    );
    const some = await t.client('member').users.list({ user_ids: [t.accounts.guest.userId] });
    expect(some.members.map((m) => m.user_id)).toEqual([t.accounts.guest.userId]);
    const badId = await failure(t.client('member').users.list({ user_ids: [999] }));
    expect(badId).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid user ID: 999' });
    const alias = await t.raw('GET', '/users', { role: 'member', params: { client_gravatar: 'false' } });
    expect(
      (alias.body as { ignored_parameters_unsupported?: string[] }).ignored_parameters_unsupported,
    ).toBeUndefined();
    const anonymous = await failure(t.client(null).users.list());
    expect(anonymous.status).toBe(401);
    return { members, withAvatars, some, badId, anonymous };
  }),

  scenario('users: GET /users/me answers the caller as a flat object', async (t) => {
    const me = await t.client('guest').users.me();
    expect(me).toMatchObject({
      user_id: t.accounts.guest.userId,
      role: 600,
      is_guest: true,
      delivery_email: t.accounts.guest.email,
    });
    expect(me.max_message_id).toBeGreaterThan(0);
    return me;
  }),
];
