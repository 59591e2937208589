import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { FieldData } from './field-data.js';

/**
 * POST /realm/profile_fields: an administrator adds a custom profile field. Types: 1 short
 * text, 2 long text, 3 list of options, 4 date, 5 link, 6 users, 7 external account, 8
 * pronouns.
 */
export const createProfileField = defineEndpoint({
  name: 'profileFields.create',
  method: 'POST',
  path: '/realm/profile_fields',
  access: 'admin',
  summary: 'Create a custom profile field.',
  docs: 'create-custom-profile-field',
  params: z.object({
    /** The label; external accounts of a known kind get theirs when left out. */
    name: z.string().default(''),
    hint: z.string().default(''),
    field_type: z.number().int(),
    /** Choices of list fields (`{"id": {"text", "order"}}`), `{"subtype", "url_pattern"}` of external accounts. */
    field_data: FieldData.default({}),
    display_in_profile_summary: z.boolean().default(false),
    required: z.boolean().default(false),
    editable_by_user: z.boolean().default(true),
  }),
  response: z.looseObject({ id: z.number().int() }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
