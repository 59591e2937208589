import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * PATCH /realm/filters/{filter_id}: replace the pattern and URL template of a linkifier.
 * Administrators only.
 *
 * @see https://zulip.com/api/update-linkifier
 */
export const updateLinkifier = defineEndpoint({
  name: 'linkifiers.update',
  method: 'PATCH',
  path: '/realm/filters/{filter_id}',
  access: 'admin',
  since: 57,
  summary: 'Update a linkifier (administrators only).',
  docs: 'update-linkifier',
  params: z.object({
    filter_id: z.number().int(),
    pattern: z.string(),
    url_template: z.string(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
