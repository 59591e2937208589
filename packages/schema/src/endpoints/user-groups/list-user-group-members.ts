import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /user_groups/{user_group_id}/members: the members of a user group, through its
 * subgroups unless `direct_member_only`.
 *
 * @see https://zulip.com/api/get-user-group-members
 */
export const listUserGroupMembers = defineEndpoint({
  name: 'userGroups.listMembers',
  method: 'GET',
  path: '/user_groups/{user_group_id}/members',
  access: 'human-member',
  since: 127,
  summary: 'List the members of a user group.',
  docs: 'get-user-group-members',
  params: z.object({
    user_group_id: z.number().int(),
    direct_member_only: z.boolean().default(false),
  }),
  response: z.looseObject({ members: z.array(z.number().int()) }),
  errors: ['BAD_REQUEST'],
});
