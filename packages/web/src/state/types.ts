/**
 * The shapes the web app reads from the API, as loose as the app needs them (the wire names
 * of the contracts in @teamchat/schema; see https://zulip.com/api/get-messages).
 */

export interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

export interface DisplayRecipient {
  id: number;
  email: string;
  full_name: string;
}

export interface Message {
  id: number;
  sender_id: number;
  sender_full_name: string;
  sender_email: string;
  avatar_url: string | null;
  content: string;
  timestamp: number;
  type: 'stream' | 'private';
  stream_id?: number;
  subject: string;
  display_recipient: string | DisplayRecipient[];
  reactions: Reaction[];
  flags: string[];
  last_edit_timestamp?: number | null;
  last_moved_timestamp?: number | null;
  match_content?: string;
  match_subject?: string;
}

export interface User {
  user_id: number;
  email: string;
  full_name: string;
  avatar_url: string | null;
  is_bot: boolean;
  is_active: boolean;
  role: number;
  bot_type?: number | null;
  bot_owner_id?: number | null;
}

export interface Subscription {
  stream_id: number;
  name: string;
  color: string;
  description: string;
  rendered_description?: string;
  invite_only: boolean;
  is_muted: boolean;
  pin_to_top: boolean;
}

export interface Stream {
  stream_id: number;
  name: string;
}

export interface UnreadChannelEntry {
  stream_id: number;
  topic: string;
  unread_message_ids: number[];
}

export interface UnreadDmEntry {
  other_user_id?: number;
  sender_id?: number;
  unread_message_ids: number[];
}

export interface UnreadHuddleEntry {
  user_ids_string: string;
  unread_message_ids: number[];
}

export interface UnreadMessages {
  count: number;
  pms: UnreadDmEntry[];
  streams: UnreadChannelEntry[];
  huddles: UnreadHuddleEntry[];
  mentions: number[];
}

export interface UserStatus {
  away?: boolean;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/** The modern presence format (`slim_presence`): seconds since the epoch. */
export interface Presence {
  active_timestamp?: number;
  idle_timestamp?: number;
}

/** The parts of POST /register the app reads. */
export interface AppState {
  queue_id: string | null;
  user_id: number;
  email: string;
  full_name: string;
  is_admin: boolean;
  is_owner: boolean;
  avatar_url: string | null;
  /** `U` an uploaded avatar, `G` the default one. */
  avatar_source: 'G' | 'U';
  realm_name: string;
  realm_users: User[];
  realm_non_active_users?: User[];
  subscriptions: Subscription[];
  streams?: Stream[];
  unread_msgs: UnreadMessages;
  starred_messages: number[];
  recent_private_conversations: { max_message_id: number; user_ids: number[] }[];
  presences: Record<string, Presence>;
  server_timestamp: number;
  server_presence_ping_interval_seconds?: number;
  server_presence_offline_threshold_seconds?: number;
  user_status: Record<string, UserStatus>;
  user_settings: { color_scheme: number; twenty_four_hour_time: boolean; [key: string]: unknown };
  realm_message_content_edit_limit_seconds: number | null;
  realm_message_content_delete_limit_seconds: number | null;
  realm_allow_message_editing: boolean;
  realm_can_delete_own_message_group?: unknown;
  can_delete_own_message?: boolean;
  max_file_upload_size_mib: number;
  max_message_length?: number;
  realm_bots?: {
    user_id: number;
    full_name: string;
    email: string;
    bot_type: number;
    services?: { base_url?: string }[];
    owner_id?: number | null;
  }[];
  [key: string]: unknown;
}
