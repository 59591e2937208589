import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /user_groups/{user_group_id}/subgroups: add and remove direct subgroups (FL 127),
 * `add` before `delete`, all or nothing; deactivated groups accepted since FL 391.
 */
export const updateUserGroupSubgroups = defineEndpoint({
  name: 'userGroups.updateSubgroups',
  method: 'POST',
  path: '/user_groups/{user_group_id}/subgroups',
  access: 'human-member',
  since: 127,
  summary: 'Change the direct subgroups of a user group.',
  docs: 'update-user-group-subgroups',
  params: z.object({
    user_group_id: z.number().int(),
    delete: z.array(z.number().int()).optional(),
    add: z.array(z.number().int()).optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
