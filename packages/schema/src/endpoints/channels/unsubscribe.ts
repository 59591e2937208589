import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Principals } from './subscribe.js';

/**
 * DELETE /users/me/subscriptions: unsubscribe the caller (or `principals`) from channels given
 * by name. Removing other users (not one's own bots) needs organization administrator rights,
 * the channel's `can_administer_channel_group`, or seeing the channel and being in its
 * `can_remove_subscribers_group` (`Insufficient permission`); an unknown name fails the whole
 * request (`Channel(s) (x) do not exist`, a plain `BAD_REQUEST`, as the real server's
 * `list_to_streams` answers).
 *
 * @see https://zulip.com/api/unsubscribe
 */
export const unsubscribe = defineEndpoint({
  name: 'channels.unsubscribe',
  method: 'DELETE',
  path: '/users/me/subscriptions',
  access: 'user',
  summary: 'Unsubscribe users from channels.',
  docs: 'unsubscribe',
  params: z.object({
    /** Channel names. */
    subscriptions: z.array(z.string()),
    principals: Principals.optional(),
  }),
  /** Channel names, once per user removed or not subscribed. */
  response: z.looseObject({ removed: z.array(z.string()), not_removed: z.array(z.string()) }),
  errors: ['BAD_REQUEST'],
});
