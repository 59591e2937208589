import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { GroupSettingUpdate } from '../../models/common.js';
import { USER_GROUP_SETTINGS } from '../../models/user-group.js';
import { optionalFields } from '../group-setting-params.js';

/**
 * PATCH /user_groups/{user_group_id}: rename a user group, change its description or
 * permission settings (as `{new, old?}` updates), or reactivate it with `deactivated: false`.
 *
 * @see https://zulip.com/api/update-user-group
 */
export const updateUserGroup = defineEndpoint({
  name: 'userGroups.update',
  method: 'PATCH',
  path: '/user_groups/{user_group_id}',
  access: 'human-member',
  summary: 'Change the name, description or settings of a user group.',
  docs: 'update-user-group',
  params: z.object({
    user_group_id: z.number().int(),
    name: z.string().optional(),
    description: z.string().optional(),
    /** Only `false` is accepted (reactivation). */
    deactivated: z.boolean().optional(),
    ...optionalFields(USER_GROUP_SETTINGS, GroupSettingUpdate),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'EXPECTATION_MISMATCH', 'SYSTEM_GROUP_REQUIRED'],
});
