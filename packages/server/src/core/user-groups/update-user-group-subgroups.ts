import { ApiError } from '@teamchat/schema';
import { addSubgroups, removeSubgroups } from './subgroup-changes.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /user_groups/{user_group_id}/subgroups: adds, then removes, direct subgroups with the
 * rules of `add_subgroups` and `delete_subgroups` of POST /user_groups/{id}/members (adding
 * needs `can_add_members_group`, removing `can_manage_group`; no cycles). One transaction:
 * when the removal fails, the additions are undone and no event goes out.
 */
export function updateUserGroupSubgroups(params: OperationParams<'userGroups.updateSubgroups'>, ctx: UserContext) {
  const { user_group_id: id, add = [], delete: remove = [] } = params;
  if (add.length === 0 && remove.length === 0)
    throw new ApiError('BAD_REQUEST', 'Nothing to do. Specify at least one of "add" or "delete".');
  if (add.length > 0) addSubgroups(ctx, id, add);
  if (remove.length > 0) removeSubgroups(ctx, id, remove);
  return {};
}
