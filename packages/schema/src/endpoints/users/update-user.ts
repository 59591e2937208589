import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { userUpdateShape } from './user-params.js';

/**
 * PATCH /users/{user_id}: change another user's name, role, custom profile fields or email.
 * Administrators only.
 *
 * Access is checked by the handler, as on the real server: the caller must be able to
 * administer the target (administrators: anyone; other users: bots they own), otherwise
 * `BAD_REQUEST` `Insufficient permission`; owner-role changes need an owner
 * (`UNAUTHORIZED_PRINCIPAL`).
 *
 * @see https://zulip.com/api/update-user
 */
export const updateUser = defineEndpoint({
  name: 'users.update',
  method: 'PATCH',
  path: '/users/{user_id}',
  access: 'user',
  summary: 'Update a user by ID (administrators only).',
  docs: 'update-user',
  params: z.object({ user_id: z.number().int(), ...userUpdateShape }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
