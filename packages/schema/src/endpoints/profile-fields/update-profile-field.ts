import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { FieldData } from './field-data.js';

/** PATCH /realm/profile_fields/{field_id}: an administrator changes a custom profile field. */
export const updateProfileField = defineEndpoint({
  name: 'profileFields.update',
  method: 'PATCH',
  path: '/realm/profile_fields/{field_id}',
  access: 'admin',
  summary: 'Update a custom profile field.',
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({
    field_id: z.number().int(),
    name: z.string().optional(),
    hint: z.string().optional(),
    field_data: FieldData.optional(),
    display_in_profile_summary: z.boolean().optional(),
    required: z.boolean().optional(),
    editable_by_user: z.boolean().optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
