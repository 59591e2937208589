import { ApiError } from '@teamchat/schema';
import { NOT_LOGGED_IN } from '../auth/authenticate.js';
import type { Context, OperationParams } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { isWebPublicAccessEnabled } from '../model/web-public-access.js';
import { formatUser } from '../model/format-user.js';
import { profileDataOf } from './profile-data.js';
import { inaccessibleUser, seesEveryone, visibleUserIds } from '../channels/user-sight.js';

/** The users of the organization, by ID (the server's system bots are not among them). */
export function usersById(ctx: Pick<Context, 'db'>): UserRecord[] {
  return [...ctx.db.all('users')].filter((user) => user.is_system_bot !== true).sort((a, b) => a.id - b.id);
}

/** The server's system bots (Notification Bot), listed as `cross_realm_bots` in POST /register. */
export function systemBots(ctx: Pick<Context, 'db'>): UserRecord[] {
  return [...ctx.db.all('users')].filter((user) => user.is_system_bot === true).sort((a, b) => a.id - b.id);
}

/**
 * GET /users: every user, bots and deactivated users included; anonymous callers only in
 * organizations that allow public access (FL 387): the organization's
 * `enable_spectator_access` on a server with web-public channels enabled. Anonymous callers
 * see no real address. A caller who does not see everyone (`can_access_all_users_group`) gets
 * the others as "Unknown user".
 */
export function listUsers(params: OperationParams<'users.list'>, ctx: Context) {
  if (!ctx.user && !isWebPublicAccessEnabled(ctx)) throw new ApiError('UNAUTHORIZED', NOT_LOGGED_IN);
  let users = usersById(ctx);
  if (params.user_ids) {
    for (const id of params.user_ids) {
      if (!ctx.db.get('users', id)) throw new ApiError('BAD_REQUEST', `Invalid user ID: ${id}`);
    }
    const wanted = new Set(params.user_ids);
    users = users.filter((user) => wanted.has(user.id));
  }
  const options = {
    viewer: ctx.user,
    realmUrl: ctx.config.realmUrl,
    clientExtavatar: params.client_extavatar,
    profileData: params.include_custom_profile_fields ? (user: UserRecord) => profileDataOf(ctx, user) : null,
  };
  // Restricted user access: the users the caller does not see come as "Unknown user" (the
  // real get_users_for_api, which GET /users calls without user_list_incomplete).
  const visible = ctx.user && !seesEveryone(ctx, ctx.user) ? visibleUserIds(ctx, ctx.user) : null;
  return {
    members: users.map((user) =>
      visible === null || user.is_bot || visible.has(user.id)
        ? formatUser(user, options)
        : inaccessibleUser(user.id, ctx.config.realmUrl),
    ),
  };
}
