import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { GroupSettingValue } from '../../models/common.js';
import { USER_GROUP_SETTINGS } from '../../models/user-group.js';
import { optionalFields } from '../group-setting-params.js';

/**
 * POST /user_groups/create: create a user group with members, subgroups and permission
 * settings, in one transaction.
 *
 * @see https://zulip.com/api/create-user-group
 */
export const createUserGroup = defineEndpoint({
  name: 'userGroups.create',
  method: 'POST',
  path: '/user_groups/create',
  access: 'human-member',
  summary: 'Create a user group.',
  docs: 'create-user-group',
  params: z.object({
    name: z.string(),
    description: z.string(),
    /** User IDs; may be empty. */
    members: z.array(z.number().int()),
    /** Group IDs (since feature level 311). */
    subgroups: z.array(z.number().int()).optional(),
    ...optionalFields(USER_GROUP_SETTINGS, GroupSettingValue),
  }),
  response: z.looseObject({
    /** Since feature level 317. */
    group_id: z.number().int(),
  }),
  errors: ['BAD_REQUEST', 'SYSTEM_GROUP_REQUIRED'],
});
