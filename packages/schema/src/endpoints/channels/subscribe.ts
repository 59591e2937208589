import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { CHANNEL_GROUP_SETTINGS, TopicsPolicy } from '../../models/channel.js';
import { GroupSettingValue } from '../../models/common.js';
import { optionalFields } from '../group-setting-params.js';
import { MessageRetentionDays } from './create-channel.js';

/** A channel to subscribe to (created when it does not exist). */
export const SubscriptionRequest = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  /** `#rrggbb`. */
  color: z.string().optional(),
});
export type SubscriptionRequest = z.infer<typeof SubscriptionRequest>;

/** Users given by ID, or by email (legacy); all elements of one kind. */
export const Principals = z.union([z.array(z.number().int()), z.array(z.string())]);
export type Principals = z.infer<typeof Principals>;

/** A map from user ID (as a string) to channel names. */
const ChannelNamesByUser = z.record(z.string(), z.array(z.string()));

/**
 * POST /users/me/subscriptions: subscribe the caller (or `principals`) to channels, creating
 * the missing ones with the channel options given. A guest gets the channels it may not join
 * as `Unable to access channel`, or in `unauthorized` (`authorization_errors_fatal: false`).
 *
 * @see https://zulip.com/api/subscribe
 */
export const subscribe = defineEndpoint({
  name: 'channels.subscribe',
  method: 'POST',
  path: '/users/me/subscriptions',
  access: 'user',
  summary: 'Subscribe users to channels, creating channels that do not exist.',
  docs: 'subscribe',
  params: z.object({
    subscriptions: z.array(SubscriptionRequest),
    principals: Principals.optional(),
    authorization_errors_fatal: z.boolean().default(true),
    announce: z.boolean().default(false),
    /** Whether others subscribed get a Notification Bot direct message (FL 397). */
    send_new_subscription_messages: z.boolean().default(true),
    invite_only: z.boolean().default(false),
    is_web_public: z.boolean().default(false),
    is_default_stream: z.boolean().default(false),
    history_public_to_subscribers: z.boolean().optional(),
    message_retention_days: MessageRetentionDays.optional(),
    // JSON-encoded here, unlike the channel update.
    topics_policy: TopicsPolicy.meta({ wire: 'json' }).optional(),
    folder_id: z.number().int().optional(),
    ...optionalFields(CHANNEL_GROUP_SETTINGS, GroupSettingValue),
  }),
  response: z.looseObject({
    subscribed: ChannelNamesByUser,
    already_subscribed: ChannelNamesByUser,
    /** Only when `authorization_errors_fatal` is false. */
    unauthorized: z.array(z.string()).optional(),
    /** Whether the Notification Bot's messages were sent; only when asked for (FL 397). */
    new_subscription_messages_sent: z.boolean().optional(),
  }),
  errors: ['BAD_REQUEST', 'REQUEST_VARIABLE_INVALID', 'UNAUTHORIZED_PRINCIPAL'],
});
