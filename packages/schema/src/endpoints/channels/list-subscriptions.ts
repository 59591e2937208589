import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Subscription } from '../../models/channel.js';

/**
 * GET /users/me/subscriptions: the caller's subscriptions, with their personal settings.
 *
 * @see https://zulip.com/api/get-subscriptions
 */
export const listSubscriptions = defineEndpoint({
  name: 'channels.listSubscriptions',
  method: 'GET',
  path: '/users/me/subscriptions',
  access: 'user',
  summary: "List the caller's channel subscriptions.",
  docs: 'get-subscriptions',
  params: z.object({
    /** `partial` lists only some subscribers (`partial_subscribers`), as in POST /register. */
    include_subscribers: z.union([z.boolean(), z.literal('partial')]).default(false),
  }),
  response: z.looseObject({ subscriptions: z.array(Subscription) }),
  errors: [],
});
