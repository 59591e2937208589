import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { SubscriptionProperty } from '../../models/channel.js';

/**
 * One change of a personal subscription property: a colour (`#rrggbb`) or a boolean. The
 * property is any string on the wire, so that an unknown one gets the real server's
 * `Unknown subscription property: p` from the handler rather than a decoding error.
 */
export const SubscriptionPropertyChange = z.strictObject({
  stream_id: z.number().int(),
  property: z.union([SubscriptionProperty, z.string()]),
  value: z.union([z.boolean(), z.string()]),
});
export type SubscriptionPropertyChange = z.infer<typeof SubscriptionPropertyChange>;

/**
 * POST /users/me/subscriptions/properties: change personal settings (colour, muting,
 * notifications) of several subscriptions at once; each change emits `subscription update`
 * (two for `is_muted` / `in_home_view`).
 *
 * @see https://zulip.com/api/update-subscription-settings
 */
export const updateSubscriptionProperties = defineEndpoint({
  name: 'channels.updateSubscriptionProperties',
  method: 'POST',
  path: '/users/me/subscriptions/properties',
  access: 'user',
  summary: 'Change personal settings of subscriptions.',
  docs: 'update-subscription-settings',
  params: z.object({ subscription_data: z.array(SubscriptionPropertyChange) }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
