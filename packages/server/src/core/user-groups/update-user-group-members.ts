import { ApiError } from '@teamchat/schema';
import { addMembers, removeMembers } from './member-changes.js';
import { addSubgroups, removeSubgroups } from './subgroup-changes.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /user_groups/{user_group_id}/members: adds and removes direct members and subgroups, in
 * the order add, delete, add_subgroups, delete_subgroups. The request is one transaction: when
 * any step fails, the earlier steps are undone and no event goes out. Allowed on deactivated
 * groups since FL 391.
 *
 * Humans added or removed by someone else get a Notification Bot direct message ("X added you
 * to the group @_*G*." / "X removed you from the group @_*G*."), as on the real server.
 *
 * @see https://zulip.com/api/update-user-group-members
 */
export function updateUserGroupMembers(
  params: OperationParams<'userGroups.updateMembers'>,
  ctx: UserContext<'hooks' | 'jobs'>,
) {
  const {
    user_group_id: id,
    add = [],
    delete: remove = [],
    add_subgroups: addGroups = [],
    delete_subgroups: removeGroups = [],
  } = params;
  if (add.length === 0 && remove.length === 0 && addGroups.length === 0 && removeGroups.length === 0) {
    throw new ApiError(
      'BAD_REQUEST',
      'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".',
    );
  }
  if (add.length > 0) addMembers(ctx, id, add);
  if (remove.length > 0) removeMembers(ctx, id, remove);
  if (addGroups.length > 0) addSubgroups(ctx, id, addGroups);
  if (removeGroups.length > 0) removeSubgroups(ctx, id, removeGroups);
  return {};
}
