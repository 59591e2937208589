import { ApiError, type UserGroupSetting } from '@teamchat/schema';
import type { Context, UserContext } from '../runtime/context.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import { hasPermission } from '../model/has-permission.js';

/** The error of every refused group change. */
export const insufficientPermission = (): ApiError => new ApiError('BAD_REQUEST', 'Insufficient permission');

/**
 * The user group `id`: `Invalid user group` when there is none, `User group is deactivated.`
 * when it is deactivated and `allowDeactivated` is not set.
 */
export function getUserGroup(ctx: Pick<Context, 'db'>, id: number, { allowDeactivated = false } = {}): UserGroupRecord {
  const group = ctx.db.get('user_groups', id);
  if (!group) throw new ApiError('BAD_REQUEST', 'Invalid user group');
  if (!allowDeactivated && group.deactivated) throw new ApiError('BAD_REQUEST', 'User group is deactivated.');
  return group;
}

/** Whether the caller is in the organization's `can_manage_all_groups` (default `role:owners`). */
export function canManageAllGroups(ctx: UserContext): boolean {
  return hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_manage_all_groups');
}

/** Whether the caller is in the group setting `setting` of `group` (with that setting's guest rule). */
export function inGroupPermission(ctx: UserContext, group: UserGroupRecord, setting: UserGroupSetting): boolean {
  return hasPermission(ctx, ctx.user, { group }, setting);
}

/**
 * The user group `id` if the caller may change it in the way `permission` governs, the real
 * server's `access_user_group_for_update`: system groups never; members of the organization's
 * `can_manage_all_groups` and of the group's `can_manage_group` always; otherwise members of
 * the group's `permission` setting.
 *
 * @throws {ApiError} `Invalid user group`, `User group is deactivated.` (unless
 *   `allowDeactivated`), `Insufficient permission`.
 * @see https://zulip.com/api/update-user-group-members
 */
export function accessUserGroupForUpdate(
  ctx: UserContext,
  id: number,
  permission: UserGroupSetting,
  { allowDeactivated = false } = {},
): UserGroupRecord {
  const group = getUserGroup(ctx, id, { allowDeactivated });
  if (group.is_system_group) throw insufficientPermission();
  if (canManageAllGroups(ctx) || inGroupPermission(ctx, group, 'can_manage_group')) return group;
  if (permission !== 'can_manage_group' && inGroupPermission(ctx, group, permission)) return group;
  throw insufficientPermission();
}

/**
 * Access for a membership change of `userIds`: when the list is exactly the caller, the
 * self-service setting (`can_join_group` / `can_leave_group`) is tried first, then the
 * setting for changing anyone.
 */
export function accessUserGroupForMembership(
  ctx: UserContext,
  id: number,
  userIds: readonly number[],
  settings: { self: UserGroupSetting; anyone: UserGroupSetting },
): UserGroupRecord {
  if (userIds.length === 1 && userIds[0] === ctx.user.id) {
    try {
      return accessUserGroupForUpdate(ctx, id, settings.self, { allowDeactivated: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return accessUserGroupForUpdate(ctx, id, settings.anyone, { allowDeactivated: true });
}

/**
 * The groups `ids` as subgroups to add or remove: each must exist (`Invalid user group ID: N`,
 * the first missing one in the given order) and be active (`User group is deactivated.`).
 * Duplicates are dropped; the order of `ids` is kept.
 */
export function accessPotentialSubgroups(ctx: Pick<Context, 'db'>, ids: readonly number[]): UserGroupRecord[] {
  const unique = [...new Set(ids)];
  const missing = unique.find((id) => !ctx.db.get('user_groups', id));
  if (missing !== undefined) throw new ApiError('BAD_REQUEST', `Invalid user group ID: ${missing}`);
  const groups = unique.map((id) => ctx.db.get('user_groups', id) as UserGroupRecord);
  if (groups.some((group) => group.deactivated)) throw new ApiError('BAD_REQUEST', 'User group is deactivated.');
  return groups;
}

/**
 * The active users `ids`, duplicates dropped; `Invalid user ID: N` for the first one that does
 * not exist or is deactivated (deactivated users cannot be added to or removed from groups).
 */
export function activeUsersByIds(ctx: Pick<Context, 'db'>, ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  for (const id of ids) {
    if (ctx.db.get('users', id)?.is_active !== true) throw new ApiError('BAD_REQUEST', `Invalid user ID: ${id}`);
  }
  return unique;
}
