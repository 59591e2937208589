import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * DELETE /users/{user_id}: deactivate a user (bots have their own endpoint: `No such user`).
 * Administrators only; deactivating an owner needs an owner (`UNAUTHORIZED_PRINCIPAL`), and
 * the only owner cannot be deactivated. Checked by the handler, as on the real server: other
 * callers get `BAD_REQUEST` `Insufficient permission`.
 *
 * @see https://zulip.com/api/deactivate-user
 */
export const deactivateUser = defineEndpoint({
  name: 'users.deactivate',
  method: 'DELETE',
  path: '/users/{user_id}',
  access: 'user',
  summary: 'Deactivate a user (administrators only).',
  docs: 'deactivate-user',
  params: z.object({
    user_id: z.number().int(),
    /** `null`: no email to the user; `""`: an email without comment (since feature level 135). */
    deactivation_notification_comment: z.string().max(2000).nullable().optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
