import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { statusParams } from './status-params.js';

/** POST /users/{user_id}/status: an administrator sets another user's status (FL 407). */
export const updateStatusOf = defineEndpoint({
  name: 'users.updateStatusOf',
  method: 'POST',
  path: '/users/{user_id}/status',
  access: 'admin',
  since: 407,
  summary: "Update a user's status.",
  docs: 'update-status-for-user',
  params: z.object({ user_id: z.number().int(), ...statusParams }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
