import type { OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { formatUser } from '../model/format-user.js';
import { profileDataOf } from './profile-data.js';
import { accessUserByEmail, accessUserById } from '../model/user-access.js';

const READ = { allowDeactivated: true, allowBots: true, forAdmin: false } as const;

function answer(
  ctx: UserContext,
  target: UserRecord,
  params: { client_extavatar: boolean; include_custom_profile_fields: boolean },
) {
  return {
    user: formatUser(target, {
      viewer: ctx.user,
      realmUrl: ctx.config.realmUrl,
      clientExtavatar: params.client_extavatar,
      profileData: params.include_custom_profile_fields ? (user: UserRecord) => profileDataOf(ctx, user) : null,
    }),
  };
}

/**
 * GET /users/{user_id}: one user, bots and deactivated users included; `No such user` for an
 * unknown ID.
 *
 * @see https://zulip.com/api/get-user
 */
export function getUser(params: OperationParams<'users.get'>, ctx: UserContext) {
  return answer(ctx, accessUserById(ctx, ctx.user, params.user_id, READ), params);
}

/**
 * GET /users/{email}: one user by the dummy address (always) or the real address (when the
 * caller may see it); `No such user` otherwise.
 *
 * @see https://zulip.com/api/get-user-by-email
 */
export function getUserByEmail(params: OperationParams<'users.getByEmail'>, ctx: UserContext) {
  return answer(ctx, accessUserByEmail(ctx, ctx.user, params.email, READ), params);
}
