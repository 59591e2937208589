import { z } from 'zod';
import { GroupSettingValue, Timestamp, openEnum } from './common.js';

/** Values of a channel's `topics_policy`. */
export const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'] as const;
export const TopicsPolicy = z.enum(TOPICS_POLICIES);
export type TopicsPolicy = z.infer<typeof TopicsPolicy>;

/** The group settings of a channel, in the order the real server lists them. */
export const CHANNEL_GROUP_SETTINGS = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
] as const;
export type ChannelGroupSetting = (typeof CHANNEL_GROUP_SETTINGS)[number];

/**
 * A channel (element of `streams`), with the fields the real server sends after the
 * spec's cut-off.
 *
 * @see https://zulip.com/api/get-streams
 */
export const Channel = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  is_archived: z.boolean(),
  description: z.string(),
  rendered_description: z.string(),
  date_created: Timestamp,
  creator_id: z.number().int().nullable(),
  invite_only: z.boolean(),
  is_web_public: z.boolean(),
  stream_post_policy: z.number().int(),
  is_announcement_only: z.boolean(),
  message_retention_days: z.number().int().nullable(),
  history_public_to_subscribers: z.boolean(),
  topics_policy: openEnum(TOPICS_POLICIES),
  first_message_id: z.number().int().nullable(),
  folder_id: z.number().int().nullable(),
  is_recently_active: z.boolean(),
  can_add_subscribers_group: GroupSettingValue,
  can_administer_channel_group: GroupSettingValue,
  can_delete_any_message_group: GroupSettingValue,
  can_delete_own_message_group: GroupSettingValue,
  can_move_messages_out_of_channel_group: GroupSettingValue,
  can_move_messages_within_channel_group: GroupSettingValue,
  can_remove_subscribers_group: GroupSettingValue,
  can_resolve_topics_group: GroupSettingValue,
  can_send_message_group: GroupSettingValue,
  can_subscribe_group: GroupSettingValue,
  subscriber_count: z.number().int(),
  stream_weekly_traffic: z.number().int().nullable(),
  is_default: z.boolean().optional(),
});
export type Channel = z.infer<typeof Channel>;

/** A subscription: a channel plus the subscriber's personal settings for it. */
export const Subscription = Channel.extend({
  color: z.string(),
  is_muted: z.boolean(),
  in_home_view: z.boolean(),
  pin_to_top: z.boolean(),
  desktop_notifications: z.boolean().nullable(),
  audible_notifications: z.boolean().nullable(),
  push_notifications: z.boolean().nullable(),
  email_notifications: z.boolean().nullable(),
  wildcard_mentions_notify: z.boolean().nullable(),
  subscribers: z.array(z.number().int()).optional(),
  partial_subscribers: z.array(z.number().int()).optional(),
});
export type Subscription = z.infer<typeof Subscription>;

/** The personal properties of a subscription that POST /users/me/subscriptions/properties changes. */
export const SUBSCRIPTION_PROPERTIES = [
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;
export const SubscriptionProperty = z.enum(SUBSCRIPTION_PROPERTIES);
export type SubscriptionProperty = z.infer<typeof SubscriptionProperty>;
