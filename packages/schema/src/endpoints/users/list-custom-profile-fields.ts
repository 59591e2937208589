import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { CustomProfileField } from '../../models/realm-config.js';

/**
 * GET /realm/profile_fields: the custom profile fields of the organization, in display order.
 *
 * @see https://zulip.com/api/get-custom-profile-fields
 */
export const listCustomProfileFields = defineEndpoint({
  name: 'users.listCustomProfileFields',
  method: 'GET',
  path: '/realm/profile_fields',
  access: 'user',
  summary: 'List the custom profile fields of the organization.',
  docs: 'get-custom-profile-fields',
  params: z.object({}),
  response: z.looseObject({ custom_fields: z.array(CustomProfileField) }),
  errors: [],
});
