import { getUserGroup } from './access-user-group.js';
import { recursiveSubgroupIds } from './group-tree.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /user_groups/{user_group_id}/subgroups: the subgroups of a group, direct and indirect
 * (the group itself excluded) unless `direct_subgroup_only`, ascending.
 *
 * @see https://zulip.com/api/get-user-group-subgroups
 */
export function listUserGroupSubgroups(params: OperationParams<'userGroups.listSubgroups'>, ctx: UserContext) {
  const group = getUserGroup(ctx, params.user_group_id);
  const subgroups = params.direct_subgroup_only
    ? [...group.direct_subgroup_ids].sort((a, b) => a - b)
    : recursiveSubgroupIds(ctx, group);
  return { subgroups };
}
