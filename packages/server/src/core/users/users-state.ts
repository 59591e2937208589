import type { StateBlock } from '../events/state-block.js';
import { formatUser } from './format-user.js';
import { systemBots, usersById } from './list-users.js';
import { profileDataOf } from './profile-data.js';

/** The `realm_user` block of POST /register: active and deactivated accounts. */
export const realmUserState: StateBlock = {
  eventTypes: ['realm_user'],
  fetch(ctx, params) {
    const options = {
      viewer: ctx.user,
      realmUrl: ctx.config.realmUrl,
      clientExtavatar: params.client_extavatar,
      profileData: (user: Parameters<typeof profileDataOf>[1]) => profileDataOf(ctx, user),
    };
    const users = usersById(ctx);
    return {
      realm_users: users.filter((user) => user.is_active).map((user) => formatUser(user, options)),
      realm_non_active_users: users.filter((user) => !user.is_active).map((user) => formatUser(user, options)),
      cross_realm_bots: systemBots(ctx).map((user) => ({ ...formatUser(user, options), is_system_bot: true })),
    };
  },
};
