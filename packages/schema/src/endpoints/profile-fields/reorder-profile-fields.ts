import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** PATCH /realm/profile_fields: an administrator reorders the custom profile fields (`order`: every field ID). */
export const reorderProfileFields = defineEndpoint({
  name: 'profileFields.reorder',
  method: 'PATCH',
  path: '/realm/profile_fields',
  access: 'admin',
  summary: 'Reorder the custom profile fields.',
  docs: 'reorder-custom-profile-fields',
  params: z.object({ order: z.array(z.number().int()) }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
