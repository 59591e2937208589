import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /users/{user_id}/subscriptions/{stream_id}: whether a user is subscribed to a channel.
 * The caller needs metadata access to the (non-archived) channel; the user must be an active
 * human (`No such user` for bots and unknown IDs, `User is deactivated`).
 *
 * @see https://zulip.com/api/get-subscription-status
 */
export const isSubscribed = defineEndpoint({
  name: 'channels.isSubscribed',
  method: 'GET',
  path: '/users/{user_id}/subscriptions/{stream_id}',
  access: 'user',
  since: 12,
  summary: 'Check whether a user is subscribed to a channel.',
  docs: 'get-subscription-status',
  params: z.object({
    user_id: z.number().int(),
    stream_id: z.number().int(),
  }),
  response: z.looseObject({ is_subscribed: z.boolean() }),
  errors: ['BAD_REQUEST'],
});
