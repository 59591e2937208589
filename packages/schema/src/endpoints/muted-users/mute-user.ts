import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /users/me/muted_users/{muted_user_id}: mute a user (FL 48): their messages are marked
 * read and send no notifications.
 */
export const muteUser = defineEndpoint({
  name: 'mutedUsers.mute',
  method: 'POST',
  path: '/users/me/muted_users/{muted_user_id}',
  access: 'user',
  since: 48,
  summary: 'Mute a user.',
  docs: 'mute-user',
  params: z.object({ muted_user_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
