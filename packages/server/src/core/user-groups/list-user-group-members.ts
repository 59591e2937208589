import { getUserGroup } from './access-user-group.js';
import { directMemberIds } from './format-user-group.js';
import { recursiveMemberIds } from './group-tree.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /user_groups/{user_group_id}/members: the active members of a group, through its
 * subgroups unless `direct_member_only`, ascending. Deactivated groups are refused
 * (`User group is deactivated.`), as on the real server.
 *
 * @see https://zulip.com/api/get-user-group-members
 */
export function listUserGroupMembers(params: OperationParams<'userGroups.listMembers'>, ctx: UserContext) {
  const group = getUserGroup(ctx, params.user_group_id);
  return { members: params.direct_member_only ? directMemberIds(ctx, group) : recursiveMemberIds(ctx, group) };
}
