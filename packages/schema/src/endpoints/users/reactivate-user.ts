import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /users/{user_id}/reactivate: reactivate a deactivated user or bot. Administrators (and
 * the owner of a bot) only; checked by the handler, as on the real server: other callers get
 * `BAD_REQUEST` `Insufficient permission`.
 *
 * @see https://zulip.com/api/reactivate-user
 */
export const reactivateUser = defineEndpoint({
  name: 'users.reactivate',
  method: 'POST',
  path: '/users/{user_id}/reactivate',
  access: 'user',
  summary: 'Reactivate a user (administrators only).',
  docs: 'reactivate-user',
  params: z.object({ user_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
