import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { User } from '../../models/user.js';
import { userQueryShape } from './user-params.js';

/**
 * GET /users/{email}: one user by real email (when the caller may see it) or by the dummy
 * address `user{id}@{realm host}`. The router tells it from GET /users/{user_id} by type.
 *
 * @see https://zulip.com/api/get-user-by-email
 */
export const getUserByEmail = defineEndpoint({
  name: 'users.getByEmail',
  method: 'GET',
  path: '/users/{email}',
  access: 'user',
  since: 39,
  summary: 'Fetch a user by email address.',
  docs: 'get-user-by-email',
  params: z.object({ email: z.string(), ...userQueryShape }),
  aliases: { client_gravatar: 'client_extavatar' },
  response: z.looseObject({ user: User }),
  errors: ['BAD_REQUEST'],
});
