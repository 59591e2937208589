import type { GroupSettingValue } from '@teamchat/schema';

// Records of channels: channels, subscriptions, channel folders, users' topic policies.

/** A channel. */
export interface ChannelRecord {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  date_created: number;
  creator_id: number | null;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  message_retention_days: number | null;
  topics_policy: 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';
  first_message_id: number | null;
  folder_id: number | null;
  is_archived: boolean;
  is_default: boolean;
  recipient_id: number;
  groups: Record<
    | 'can_add_subscribers_group'
    | 'can_administer_channel_group'
    | 'can_delete_any_message_group'
    | 'can_delete_own_message_group'
    | 'can_move_messages_out_of_channel_group'
    | 'can_move_messages_within_channel_group'
    | 'can_remove_subscribers_group'
    | 'can_resolve_topics_group'
    | 'can_send_message_group'
    | 'can_subscribe_group',
    GroupSettingValue
  >;
}

/** A user's subscription to a channel (kept, inactive, after unsubscribing). */
export interface SubscriptionRecord {
  id: number;
  user_id: number;
  stream_id: number;
  active: boolean;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

/** A channel folder of the organization (FL 389); channels name it by `folder_id`. */
export interface ChannelFolderRecord {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  /** Seconds since the epoch. */
  date_created: number;
  creator_id: number | null;
  is_archived: boolean;
  /** Position among the folders (ascending). */
  order: number;
}

/**
 * A user's visibility policy for a topic: 0 inherit, 1 muted, 2 unmuted, 3 followed (the real
 * server's `UserTopic`). Rows with policy 0 may be kept or deleted.
 */
export interface UserTopicRecord {
  id: number;
  user_id: number;
  stream_id: number;
  /** The topic as the user named it; matched case-insensitively. */
  topic_name: string;
  visibility_policy: 0 | 1 | 2 | 3;
  /** Seconds since the epoch. */
  last_updated: number;
}
