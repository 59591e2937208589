import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /realm/profile_fields/{field_id}: an administrator deletes a custom profile field and its values. */
export const removeProfileField = defineEndpoint({
  name: 'profileFields.remove',
  method: 'DELETE',
  path: '/realm/profile_fields/{field_id}',
  access: 'admin',
  summary: 'Delete a custom profile field.',
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({ field_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
