import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { UserPresence } from '../../models/presence.js';

/**
 * GET /users/{user_id_or_email}/presence: the presence of one user, given by ID or email.
 * Errors: `No such user`, `Presence is not supported for bot users.`,
 * `No presence data for <user_id_or_email>`.
 *
 * @see https://zulip.com/api/get-user-presence
 */
export const getUserPresence = defineEndpoint({
  name: 'presence.get',
  method: 'GET',
  path: '/users/{user_id_or_email}/presence',
  access: 'user',
  summary: 'Fetch the presence of one user.',
  docs: 'get-user-presence',
  params: z.object({
    user_id_or_email: z.union([z.number().int(), z.string()]),
    /** True answers the modern entry (`active_timestamp`, `idle_timestamp`). */
    slim_presence: z.boolean().default(false),
  }),
  response: z.looseObject({ presence: UserPresence }),
  errors: ['BAD_REQUEST'],
});
