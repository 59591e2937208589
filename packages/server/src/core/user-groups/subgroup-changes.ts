import { ApiError } from '@teamchat/schema';
import type { UserContext } from '../runtime/context.js';
import { accessPotentialSubgroups, accessUserGroupForUpdate } from './access-user-group.js';
import { wouldCreateCycle } from './group-tree.js';
import { emitGroupSubgroups } from './user-group-events.js';

/**
 * `add_subgroups` of POST /user_groups/{id}/members: permission (`can_add_members_group`;
 * deactivated groups accepted, FL 391), then the subgroups (exist, active), none already a
 * direct subgroup, and the group must not be among the passed groups or their subgroups
 * (adding a group to itself, or closing a cycle).
 *
 * @throws {ApiError} `Invalid user group`, `Insufficient permission`, `Invalid user group ID: N`,
 *   `User group is deactivated.`, `User group N is already a subgroup of this group.`,
 *   `User group G is already a subgroup of one of the passed subgroups.`
 */
export function addSubgroups(ctx: UserContext, groupId: number, subgroupIds: readonly number[]): void {
  const group = accessUserGroupForUpdate(ctx, groupId, 'can_add_members_group', { allowDeactivated: true });
  const subgroups = accessPotentialSubgroups(ctx, subgroupIds);
  const already = subgroups.find((subgroup) => group.direct_subgroup_ids.includes(subgroup.id));
  if (already) throw new ApiError('BAD_REQUEST', `User group ${already.id} is already a subgroup of this group.`);
  const ids = subgroups.map((subgroup) => subgroup.id);
  if (wouldCreateCycle(ctx, group.id, ids)) {
    throw new ApiError('BAD_REQUEST', `User group ${group.id} is already a subgroup of one of the passed subgroups.`);
  }
  ctx.db.patch('user_groups', group.id, {
    direct_subgroup_ids: [...group.direct_subgroup_ids, ...ids].sort((a, b) => a - b),
  });
  emitGroupSubgroups(ctx, 'add_subgroups', group.id, ids);
}

/**
 * `delete_subgroups` of POST /user_groups/{id}/members: needs `can_manage_group` (not the
 * remove-members setting); the subgroups must exist, be active and be direct subgroups.
 *
 * @throws {ApiError} `Invalid user group`, `Insufficient permission`, `Invalid user group ID: N`,
 *   `User group is deactivated.`, `User group N is not a subgroup of this group.`
 */
export function removeSubgroups(ctx: UserContext, groupId: number, subgroupIds: readonly number[]): void {
  const group = accessUserGroupForUpdate(ctx, groupId, 'can_manage_group', { allowDeactivated: true });
  const subgroups = accessPotentialSubgroups(ctx, subgroupIds);
  const stranger = subgroups.find((subgroup) => !group.direct_subgroup_ids.includes(subgroup.id));
  if (stranger) throw new ApiError('BAD_REQUEST', `User group ${stranger.id} is not a subgroup of this group.`);
  const removed = new Set(subgroups.map((subgroup) => subgroup.id));
  ctx.db.patch('user_groups', group.id, {
    direct_subgroup_ids: group.direct_subgroup_ids.filter((id) => !removed.has(id)),
  });
  emitGroupSubgroups(ctx, 'remove_subgroups', group.id, [...removed]);
}
