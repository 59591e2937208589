import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Principals } from './subscribe.js';

/**
 * DELETE /users/me/subscriptions: unsubscribe the caller (or `principals`) from channels given
 * by name.
 *
 * @see shared/reference/users-channels-realm.md §5.7
 */
export const unsubscribe = defineEndpoint({
  name: 'channels.unsubscribe',
  method: 'DELETE',
  path: '/users/me/subscriptions',
  access: 'user',
  summary: 'Unsubscribe users from channels.',
  params: z.object({
    /** Channel names. */
    subscriptions: z.array(z.string()),
    principals: Principals.optional(),
  }),
  response: z.looseObject({ removed: z.array(z.string()), not_removed: z.array(z.string()) }),
  errors: ['BAD_REQUEST', 'STREAM_DOES_NOT_EXIST'],
});
