import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /user_groups/{user_group_id}/deactivate: deactivate a user group that nothing uses.
 * Open to every account: the real server's view has no member-only guard, so guests and bots
 * are refused by the group's `can_manage_group` (`Insufficient permission`), not up front.
 *
 * @see https://zulip.com/api/deactivate-user-group
 */
export const deactivateUserGroup = defineEndpoint({
  name: 'userGroups.deactivate',
  method: 'POST',
  path: '/user_groups/{user_group_id}/deactivate',
  access: 'user',
  since: 290,
  summary: 'Deactivate a user group.',
  docs: 'deactivate-user-group',
  params: z.object({ user_group_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'CANNOT_DEACTIVATE_GROUP_IN_USE'],
});
