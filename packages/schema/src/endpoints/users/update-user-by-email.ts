import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { userUpdateShape } from './user-params.js';

/**
 * PATCH /users/{email}: like PATCH /users/{user_id}, with the user given by real email (when
 * the caller may see it) or dummy address. Administrators only.
 *
 * Access is checked by the handler, as on the real server: the caller must be able to
 * administer the target (administrators: anyone; other users: bots they own), otherwise
 * `BAD_REQUEST` `Insufficient permission`; owner-role changes need an owner
 * (`UNAUTHORIZED_PRINCIPAL`).
 *
 * @see https://zulip.com/api/update-user-by-email
 */
export const updateUserByEmail = defineEndpoint({
  name: 'users.updateByEmail',
  method: 'PATCH',
  path: '/users/{email}',
  access: 'user',
  since: 313,
  summary: 'Update a user by email address (administrators only).',
  docs: 'update-user-by-email',
  params: z.object({ email: z.string(), ...userUpdateShape }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
