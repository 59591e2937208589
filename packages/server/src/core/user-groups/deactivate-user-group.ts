import { ApiError } from '@teamchat/schema';
import { accessUserGroupForUpdate } from './access-user-group.js';
import { groupObjections } from './group-objections.js';
import { emitGroupRemoved, emitGroupUpdated } from './user-group-events.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /user_groups/{user_group_id}/deactivate (FL 290): deactivates a group nothing uses.
 * Needs `can_manage_group` (or `can_manage_all_groups`); like the real server the endpoint
 * has no member-only guard, so guests and bots get `Insufficient permission`. A group still
 * used as a subgroup of an active group or in a channel, group or organization setting fails
 * with `CANNOT_DEACTIVATE_GROUP_IN_USE` and the list of `objections`.
 *
 * Clients with `include_deactivated_groups` get an `update` event (`deactivated: true`), the
 * others a `remove` event.
 *
 * @see https://zulip.com/api/deactivate-user-group
 */
export function deactivateUserGroup(params: OperationParams<'userGroups.deactivate'>, ctx: UserContext) {
  const group = accessUserGroupForUpdate(ctx, params.user_group_id, 'can_manage_group');
  const objections = groupObjections(ctx, group);
  if (objections.length > 0) {
    throw new ApiError('CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.', {
      extra: { objections },
    });
  }
  const deactivated = ctx.db.patch('user_groups', group.id, { deactivated: true });
  emitGroupUpdated(ctx, deactivated, { deactivated: true });
  emitGroupRemoved(ctx, group.id);
  return {};
}
