import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /user_groups/{user_group_id}/subgroups: the subgroups of a user group, recursively
 * (the group itself excluded) unless `direct_subgroup_only`.
 *
 * @see https://zulip.com/api/get-user-group-subgroups
 */
export const listUserGroupSubgroups = defineEndpoint({
  name: 'userGroups.listSubgroups',
  method: 'GET',
  path: '/user_groups/{user_group_id}/subgroups',
  access: 'human-member',
  since: 127,
  summary: 'List the subgroups of a user group.',
  docs: 'get-user-group-subgroups',
  params: z.object({
    user_group_id: z.number().int(),
    direct_subgroup_only: z.boolean().default(false),
  }),
  response: z.looseObject({ subgroups: z.array(z.number().int()) }),
  errors: ['BAD_REQUEST'],
});
