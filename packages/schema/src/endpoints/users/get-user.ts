import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { User } from '../../models/user.js';
import { userQueryShape } from './user-params.js';

/**
 * GET /users/{user_id}: one user by ID, bots and deactivated users included.
 *
 * @see https://zulip.com/api/get-user
 */
export const getUser = defineEndpoint({
  name: 'users.get',
  method: 'GET',
  path: '/users/{user_id}',
  access: 'user',
  since: 1,
  summary: 'Fetch a user by ID.',
  docs: 'get-user',
  params: z.object({ user_id: z.number().int(), ...userQueryShape }),
  aliases: { client_gravatar: 'client_extavatar' },
  response: z.looseObject({ user: User }),
  errors: ['BAD_REQUEST'],
});
