import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /user_groups/{user_group_id}/members: add and remove direct members and subgroups,
 * applied in the order add, delete, add_subgroups, delete_subgroups, all or nothing.
 *
 * @see https://zulip.com/api/update-user-group-members
 */
export const updateUserGroupMembers = defineEndpoint({
  name: 'userGroups.updateMembers',
  method: 'POST',
  path: '/user_groups/{user_group_id}/members',
  access: 'human-member',
  summary: 'Change the direct members and subgroups of a user group.',
  docs: 'update-user-group-members',
  params: z.object({
    user_group_id: z.number().int(),
    delete: z.array(z.number().int()).optional(),
    add: z.array(z.number().int()).optional(),
    /** Since feature level 311. */
    delete_subgroups: z.array(z.number().int()).optional(),
    /** Since feature level 311. */
    add_subgroups: z.array(z.number().int()).optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
