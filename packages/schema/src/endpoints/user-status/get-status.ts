import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { UserStatus } from './status-params.js';

/** GET /users/{user_id}/status: a user's status (FL 262); `{}` when none is set. */
export const getStatus = defineEndpoint({
  name: 'users.getStatus',
  method: 'GET',
  path: '/users/{user_id}/status',
  access: 'user',
  since: 262,
  summary: "Get a user's status.",
  docs: 'get-user-status',
  params: z.object({ user_id: z.number().int() }),
  response: z.looseObject({ status: UserStatus }),
  errors: ['BAD_REQUEST'],
});
