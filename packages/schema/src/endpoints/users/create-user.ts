import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /users: create an account with a password. Administrators who also hold the special
 * `can_create_users` permission only (others among administrators get
 * `User not authorized to create users`). The account starts with the organization's default
 * settings (PATCH /realm/user_settings_defaults).
 *
 * @see https://zulip.com/api/create-user
 */
export const createUser = defineEndpoint({
  name: 'users.create',
  method: 'POST',
  path: '/users',
  access: 'admin',
  summary: 'Create a user account (administrators with the can_create_users permission).',
  docs: 'create-user',
  params: z.object({
    /** The new account's (delivery) email address. */
    email: z.string(),
    password: z.string(),
    full_name: z.string(),
  }),
  response: z.looseObject({ user_id: z.number().int() }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
