import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * DELETE /realm/playgrounds/{playground_id}: delete a code playground. Administrators only.
 *
 * @see https://zulip.com/api/remove-code-playground
 */
export const removePlayground = defineEndpoint({
  name: 'playgrounds.remove',
  method: 'DELETE',
  path: '/realm/playgrounds/{playground_id}',
  access: 'admin',
  since: 49,
  summary: 'Delete a code playground (administrators only).',
  docs: 'remove-code-playground',
  params: z.object({ playground_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
