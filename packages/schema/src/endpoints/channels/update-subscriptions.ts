import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { SubscriptionRequest } from './subscribe.js';

/**
 * PATCH /users/me/subscriptions: subscribe the caller to channels (`add`, as POST
 * /users/me/subscriptions does for oneself, creating missing channels) and unsubscribe them
 * from others (`delete`, channel names) in one request, all or nothing.
 */
export const updateSubscriptions = defineEndpoint({
  name: 'channels.updateSubscriptions',
  method: 'PATCH',
  path: '/users/me/subscriptions',
  access: 'member',
  summary: "Change the caller's subscriptions: add and delete in one request.",
  docs: 'update-subscriptions',
  params: z.object({
    /** Channel names. */
    delete: z.array(z.string()).optional(),
    add: z.array(SubscriptionRequest).optional(),
  }),
  response: z.looseObject({
    subscribed: z.record(z.string(), z.array(z.string())),
    already_subscribed: z.record(z.string(), z.array(z.string())),
    /** Whether the Notification Bot's messages were sent (FL 397). */
    new_subscription_messages_sent: z.boolean().optional(),
    removed: z.array(z.string()),
    not_removed: z.array(z.string()),
  }),
  errors: ['BAD_REQUEST'],
});
