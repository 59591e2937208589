import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /user_groups/{user_group_id}/members/{user_id}: whether a user is a member of a user
 * group, through its subgroups unless `direct_member_only`.
 *
 * @see https://zulip.com/api/get-is-user-group-member
 */
export const isUserGroupMember = defineEndpoint({
  name: 'userGroups.isMember',
  method: 'GET',
  path: '/user_groups/{user_group_id}/members/{user_id}',
  access: 'human-member',
  since: 127,
  summary: 'Check whether a user is a member of a user group.',
  docs: 'get-is-user-group-member',
  params: z.object({
    user_group_id: z.number().int(),
    user_id: z.number().int(),
    direct_member_only: z.boolean().default(false),
  }),
  response: z.looseObject({ is_user_group_member: z.boolean() }),
  errors: ['BAD_REQUEST'],
});
