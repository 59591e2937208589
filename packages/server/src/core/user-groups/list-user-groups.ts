import { userGroupsForApi } from './format-user-group.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /user_groups: the organization's groups, system groups included, sorted by ID;
 * deactivated ones only with `include_deactivated_groups` (FL 294). Guests and bots are
 * refused by the contract's access rule.
 *
 * @see https://zulip.com/api/get-user-groups
 */
export function listUserGroups(params: OperationParams<'userGroups.list'>, ctx: UserContext) {
  return {
    user_groups: userGroupsForApi(ctx, params.include_deactivated_groups),
  };
}
