import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /users/me/muted_users/{muted_user_id}: unmute a user (FL 48). */
export const unmuteUser = defineEndpoint({
  name: 'mutedUsers.unmute',
  method: 'DELETE',
  path: '/users/me/muted_users/{muted_user_id}',
  access: 'user',
  since: 48,
  summary: 'Unmute a user.',
  docs: 'unmute-user',
  params: z.object({ muted_user_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
