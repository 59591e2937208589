import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * DELETE /realm/filters/{filter_id}: delete a linkifier. Administrators only.
 *
 * @see https://zulip.com/api/remove-linkifier
 */
export const removeLinkifier = defineEndpoint({
  name: 'linkifiers.remove',
  method: 'DELETE',
  path: '/realm/filters/{filter_id}',
  access: 'admin',
  summary: 'Delete a linkifier (administrators only).',
  docs: 'remove-linkifier',
  params: z.object({ filter_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
