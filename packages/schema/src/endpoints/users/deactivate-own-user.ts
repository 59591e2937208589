import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * DELETE /users/me: deactivate the caller's own account. Refused for the only owner and the
 * only user (`CANNOT_DEACTIVATE_LAST_USER`).
 *
 * @see https://zulip.com/api/deactivate-own-user
 */
export const deactivateOwnUser = defineEndpoint({
  name: 'users.deactivateOwn',
  method: 'DELETE',
  path: '/users/me',
  access: 'user',
  summary: "Deactivate the caller's own account.",
  docs: 'deactivate-own-user',
  params: z.object({}),
  response: z.looseObject({}),
  errors: ['CANNOT_DEACTIVATE_LAST_USER'],
});
