import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { userUpdateShape } from './user-params.js';

/**
 * PATCH /users/{user_id}: change another user's name, role, custom profile fields or email.
 * Administrators only.
 *
 * @see shared/reference/users-channels-realm.md §3.6
 */
export const updateUser = defineEndpoint({
  name: 'users.update',
  method: 'PATCH',
  path: '/users/{user_id}',
  access: 'admin',
  summary: 'Update a user by ID (administrators only).',
  params: z.object({ user_id: z.number().int(), ...userUpdateShape }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
