import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { UserGroup } from '../../models/user-group.js';

/**
 * GET /user_groups: the user groups of the organization, sorted by ID. Not for guests or bots.
 *
 * @see https://zulip.com/api/get-user-groups
 */
export const listUserGroups = defineEndpoint({
  name: 'userGroups.list',
  method: 'GET',
  path: '/user_groups',
  access: 'human-member',
  summary: 'List the user groups of the organization.',
  docs: 'get-user-groups',
  params: z.object({
    /** Since feature level 294. */
    include_deactivated_groups: z.boolean().default(false),
  }),
  response: z.looseObject({ user_groups: z.array(UserGroup) }),
  errors: ['BAD_REQUEST'],
});
