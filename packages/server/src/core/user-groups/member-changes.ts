import { ApiError } from '@teamchat/schema';
import type { UserContext } from '../runtime/context.js';
import { directMemberIds } from './format-user-group.js';
import { accessUserGroupForMembership, activeUsersByIds } from './access-user-group.js';
import { notifyMembershipChange } from './notify-membership-change.js';
import { emitGroupMembers } from './user-group-events.js';

/**
 * `add` of POST /user_groups/{id}/members: permission (`can_join_group` when the caller adds
 * only themselves, else `can_add_members_group`), then the users (active, `Invalid user ID: N`),
 * then none may already be a direct member. Deactivated groups accept it (FL 391). The added
 * humans other than the caller get a Notification Bot direct message.
 *
 * @throws {ApiError} `Invalid user group`, `Insufficient permission`, `Invalid user ID: N`,
 *   `User N is already a member of this group`
 */
export function addMembers(ctx: UserContext<'hooks' | 'jobs'>, groupId: number, userIds: readonly number[]): void {
  const group = accessUserGroupForMembership(ctx, groupId, userIds, {
    self: 'can_join_group',
    anyone: 'can_add_members_group',
  });
  const users = activeUsersByIds(ctx, userIds);
  // Stored memberships of deactivated users count too, as on the real server (they cannot be
  // passed here anyway: they are refused as invalid above).
  const already = users.find((id) => group.members.includes(id));
  if (already !== undefined) throw new ApiError('BAD_REQUEST', `User ${already} is already a member of this group`);
  ctx.db.patch('user_groups', group.id, { members: [...group.members, ...users].sort((a, b) => a - b) });
  emitGroupMembers(ctx, 'add_members', group.id, users);
  notifyMembershipChange(ctx, group, users, 'added');
}

/**
 * `delete` of POST /user_groups/{id}/members: the users first (active, `Invalid user ID: N`),
 * then permission (`can_leave_group` when the caller removes only themselves, else
 * `can_remove_members_group`), then each must be a direct member. The removed humans other
 * than the caller get a Notification Bot direct message.
 *
 * @throws {ApiError} `Invalid user ID: N`, `Invalid user group`, `Insufficient permission`,
 *   `There is no member 'N' in this user group`
 */
export function removeMembers(ctx: UserContext<'hooks' | 'jobs'>, groupId: number, userIds: readonly number[]): void {
  const users = activeUsersByIds(ctx, userIds);
  const group = accessUserGroupForMembership(ctx, groupId, userIds, {
    self: 'can_leave_group',
    anyone: 'can_remove_members_group',
  });
  const current = new Set(directMemberIds(ctx, group));
  const missing = userIds.find((id) => !current.has(id));
  if (missing !== undefined) throw new ApiError('BAD_REQUEST', `There is no member '${missing}' in this user group`);
  const removed = new Set(users);
  ctx.db.patch('user_groups', group.id, { members: group.members.filter((id) => !removed.has(id)) });
  emitGroupMembers(ctx, 'remove_members', group.id, users);
  notifyMembershipChange(ctx, group, users, 'removed');
}
