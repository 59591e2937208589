import { ApiError } from '@teamchat/schema';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { isDirectMember, isUserInGroupSetting } from '../model/group-membership.js';
import { getUserGroup } from './access-user-group.js';

/** The real server's `access_user_by_id` for reading: bots and unknown IDs are `No such user`. */
function accessUserForRead(ctx: Pick<Context, 'db'>, id: number): UserRecord {
  const user = ctx.db.get('users', id);
  if (!user || user.is_bot) throw new ApiError('BAD_REQUEST', 'No such user');
  if (!user.is_active) throw new ApiError('BAD_REQUEST', 'User is deactivated');
  return user;
}

/**
 * GET /user_groups/{user_group_id}/members/{user_id}: whether a user is in a group, directly
 * or (unless `direct_member_only`) through its subgroups.
 *
 * @see https://zulip.com/api/get-is-user-group-member
 */
export function isUserGroupMember(params: OperationParams<'userGroups.isMember'>, ctx: UserContext) {
  const group = getUserGroup(ctx, params.user_group_id);
  const user = accessUserForRead(ctx, params.user_id);
  const options = { realm: ctx.realm, now: ctx.now() };
  const member = params.direct_member_only
    ? isDirectMember(user, group, options)
    : isUserInGroupSetting(ctx.db, user, group.id, options);
  return { is_user_group_member: member };
}
