import type { GroupSettingValue, UserSettings } from '@teamchat/schema';
import type { Store, Transaction } from '../../store/store.js';
import type { MessageRecord } from './message-record.js';
import type { PresenceRecord } from './presence-record.js';

/** The organization. There is one per server; its record has ID 1. */
export interface RealmRecord {
  id: 1;
  name: string;
  /** Identifier unique within the server (`sender_realm_str`). */
  string_id: string;
  description: string;
  date_created: number;
  /** Shown instead of the empty topic to clients that do not support empty topics. */
  empty_topic_display_name: string;
  /** Effective policy of channels whose `topics_policy` is `inherit`. */
  topics_policy: 'allow_empty_topic' | 'disable_empty_topic';
  /** Whether unauthenticated visitors may read web-public channels and the user list. */
  enable_spectator_access: boolean;
  /** Days a role-400 account must wait to be a full member. */
  waiting_period_threshold: number;
  message_retention_days: number;
  /** Seconds after sending during which a sender may delete their own message; null = forever. */
  message_content_delete_limit_seconds: number | null;
  message_content_edit_limit_seconds: number | null;
  allow_message_editing: boolean;
  /** Seconds after sending during which non-moderators may move a message to another topic; null = no limit. */
  move_messages_within_stream_limit_seconds: number | null;
  /** Seconds after sending during which non-moderators may move a message to another channel; null = no limit. */
  move_messages_between_streams_limit_seconds: number | null;
  /** 1 all edits, 2 moves only, 3 none (FL 358). */
  message_edit_history_visibility_policy: 1 | 2 | 3;
  name_changes_disabled: boolean;
  email_changes_disabled: boolean;
  require_unique_names: boolean;
  presence_disabled: boolean;
  /** Where the Notification Bot announces new channels (`announce`); null for nowhere. */
  new_stream_announcements_stream_id?: number | null;
  /**
   * Deactivated by its operator (`teamchat-server deactivate-organization`): every
   * authenticated API call is refused until it is reactivated. Missing: active.
   */
  deactivated?: boolean;
  /** Group settings of the organization (can_create_public_channel_group, …). */
  groups: Record<RealmGroupSetting, GroupSettingValue>;
  /** The settings new accounts start with. */
  user_settings_defaults: UserSettings;
  /**
   * Settings PATCH /realm accepts that change nothing else in the server (default language,
   * video-call provider, …): reported as set, over the defaults of `SERVER_REALM_SETTINGS`.
   */
  extra_settings?: Record<string, unknown>;
}

/** The organization's group settings this server enforces. */
export const REALM_GROUP_SETTINGS = [
  'can_access_all_users_group',
  'can_add_custom_emoji_group',
  'can_add_subscribers_group',
  'can_create_bots_group',
  'can_create_groups',
  'can_create_private_channel_group',
  'can_create_public_channel_group',
  'can_create_web_public_channel_group',
  'can_create_write_only_bots_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'can_set_delete_message_policy_group',
  'can_set_topics_policy_group',
  'create_multiuse_invite_group',
  'direct_message_permission_group',
  'direct_message_initiator_group',
] as const;
export type RealmGroupSetting = (typeof REALM_GROUP_SETTINGS)[number];

/** An account: a human or a bot. */
export interface UserRecord {
  id: number;
  /** The real (delivery) email address; also the login name. */
  email: string;
  full_name: string;
  role: 100 | 200 | 300 | 400 | 600;
  is_active: boolean;
  is_bot: boolean;
  /** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded; null for humans. */
  bot_type: 1 | 2 | 3 | 4 | null;
  bot_owner_id: number | null;
  api_key: string;
  /** PBKDF2 hash (`pbkdf2_sha256$iterations$salt$hash`), or null when password login is off. */
  password_hash: string | null;
  /** Milliseconds since the epoch. */
  date_joined: number;
  /** `G` third-party hashed avatar, `U` uploaded. */
  avatar_source: 'G' | 'U';
  avatar_version: number;
  /** The user's personal recipient (`recipient_id` of direct messages). */
  recipient_id: number;
  settings: UserSettings;
  /** Custom profile field ID → value. */
  profile_data: Record<string, string>;
  /**
   * Custom profile field ID → the HTML of its value, for the text fields (rendered when the
   * value is written; see `storedProfileValue`). Missing in records written before it existed:
   * those values are rendered when read.
   */
  profile_data_rendered?: Record<string, string>;
  /**
   * Special permission for administrators to change other users' emails with PATCH
   * /users/{user_id} `new_email` (FL 285/313); granted by operators.
   */
  can_change_user_emails: boolean;
  /** Special permission for administrators to create accounts through POST /users (FL 36). */
  can_create_users: boolean;
  /**
   * Special permission of API super users (mirroring bots) to send as others; granted by
   * operators. Missing: not granted.
   */
  can_forge_sender?: boolean;
  /**
   * A bot's last notice to its owner about a channel that does not exist or has no
   * subscribers (ms since the epoch; the real `last_reminder`): at most one per 5 minutes.
   */
  last_reminder?: number;
  /** The server's own bots (Notification Bot): not listed among the organization's users. */
  is_system_bot?: boolean;
  /** Outgoing-webhook configuration of bots of type 3 (`name` defaults to the short name). */
  service: { base_url: string; token: string; interface: 1 | 2; name?: string } | null;
  /** Bots: the channel the bot sends to by default (`default_sending_stream`), or null. */
  default_sending_stream_id?: number | null;
  /** Bots: the channel whose events the bot registers for by default, or null. */
  default_events_register_stream_id?: number | null;
  /** Bots: whether the bot's event queues see every public channel by default. */
  default_all_public_streams?: boolean;
  /** Incoming-webhook and embedded bots: their configuration (`config_data`). */
  bot_config?: Record<string, string>;
}

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

/** A user group; system groups (`role:*`) included. */
export interface UserGroupRecord {
  id: number;
  name: string;
  description: string;
  is_system_group: boolean;
  /** Direct members (user IDs), deactivated users included; output hides them. */
  members: number[];
  direct_subgroup_ids: number[];
  deactivated: boolean;
  creator_id: number | null;
  date_created: number | null;
  groups: Record<
    | 'can_add_members_group'
    | 'can_join_group'
    | 'can_leave_group'
    | 'can_manage_group'
    | 'can_mention_group'
    | 'can_remove_members_group',
    GroupSettingValue
  >;
}

/** A recipient: what messages are addressed to (a channel, a user, a group of users). */
export interface RecipientRecord {
  id: number;
  type: 'stream' | 'personal' | 'direct_message_group';
  /** Channel ID, user ID or direct-message group ID. */
  type_id: number;
}

/** A custom profile field of the organization. */
export interface CustomProfileFieldRecord {
  id: number;
  name: string;
  hint: string;
  /** 1 short text, 2 long text, 3 list of options, 4 date, 5 link, 6 person picker, 7 external account, 8 pronouns. */
  type: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  order: number;
  /** JSON text: options of list fields, subtype of external-account fields; else "". */
  field_data: string;
  display_in_profile_summary: boolean;
  required: boolean;
  editable_by_user: boolean;
}

/**
 * The recipient of direct messages among a set of users. Since feature level 327 a 1:1
 * conversation has one (both directions share its recipient ID); a self-conversation uses
 * the user's personal recipient instead.
 */
export interface DirectMessageGroupRecord {
  id: number;
  /** Participants, ascending. */
  user_ids: number[];
  recipient_id: number;
}

/** A requested change of a user's email address, waiting for confirmation. */
export interface EmailChangeRecord {
  id: number;
  user_id: number;
  old_email: string;
  new_email: string;
  /** Secret of the confirmation link. */
  key: string;
  /** Milliseconds since the epoch. */
  created_at: number;
  status: 'pending' | 'confirmed' | 'superseded';
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

/**
 * A linkifier of the organization: text matching `pattern` (Python syntax, named groups
 * `(?P<name>…)`) links to `url_template` (RFC 6570) expanded with the groups. Applied by
 * ascending `order`, then ID.
 */
export interface LinkifierRecord {
  id: number;
  pattern: string;
  url_template: string;
  order: number;
}

/** A custom emoji of the organization (reaction type `realm_emoji`, `:name:` in messages). */
export interface RealmEmojiRecord {
  id: number;
  name: string;
  /** Path of the image below the organization's URL. */
  source_url: string;
  author_id: number | null;
  deactivated: boolean;
  /** Where the image's bytes are in the file store (`emoji/<realm>/<id>.<ext>`); none for the seeded one. */
  file_path?: string;
  content_type?: string;
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

/** A code playground: code blocks in `pygments_language` get a link to `url_template` with `{code}`. */
export interface PlaygroundRecord {
  id: number;
  name: string;
  /** The spec's `highlighter_language` (the real server's `pygments_language`). */
  pygments_language: string;
  url_template: string;
}

/** A user's navigation view (left-sidebar entry); `name` is null for built-in fragments. */
export interface NavigationViewRecord {
  id: number;
  user_id: number;
  fragment: string;
  is_pinned: boolean;
  name: string | null;
}

/**
 * An uploaded file. The bytes live in the file store (beside the data file), never in the
 * document; `path_id` is `<realm_id>/<2 chars>/<random>/<sanitized filename>`.
 */
export interface AttachmentRecord {
  id: number;
  owner_id: number;
  /** The original file name. */
  name: string;
  path_id: string;
  content_type: string;
  size: number;
  /** Milliseconds since the epoch. */
  create_time: number;
  /** IDs of the messages that link the file, ascending. */
  message_ids: number[];
}

/** One alert word of a user: messages containing it get the `has_alert_word` flag. */
export interface AlertWordRecord {
  id: number;
  user_id: number;
  /** As the user typed it; matched case-insensitively. */
  word: string;
}

/** A user's status (FL 86): text and emoji; `away` is the deprecated inverse of presence sharing. */
export interface UserStatusRecord {
  /** The user ID. */
  id: number;
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';
}

/** A user muted by another (their messages arrive read, they send no notifications). */
export interface MutedUserRecord {
  id: number;
  user_id: number;
  muted_user_id: number;
  /** Seconds since the epoch. */
  date_muted: number;
}

/** A saved snippet: a titled piece of message text kept for reuse (FL 297). */
export interface SavedSnippetRecord {
  id: number;
  user_id: number;
  title: string;
  content: string;
  /** Seconds since the epoch. */
  date_created: number;
}

/** A draft saved on the server (drafts synchronization, FL 87). */
export interface DraftRecord {
  id: number;
  user_id: number;
  /** `stream`, `private`, or `""` for a draft without a recipient yet. */
  type: 'stream' | 'private' | '';
  /** Channel ID (one) or user IDs (ascending) of the recipients. */
  to: number[];
  topic: string;
  content: string;
  /** Seconds since the epoch of the last edit. */
  last_edit_time: number;
}

/** A message scheduled to be sent later by the server (FL 179). */
export interface ScheduledMessageRecord {
  id: number;
  sender_id: number;
  type: 'stream' | 'private';
  /** Channel ID (one) or user IDs (ascending). */
  to: number[];
  topic: string;
  content: string;
  rendered_content: string;
  /** Seconds since the epoch. */
  scheduled_delivery_timestamp: number;
  /** Whether the message is marked read for the sender when sent (FL 236). */
  read_by_sender: boolean | null;
  /** Set when delivery failed (the sender lost access to the channel, …). */
  failed: boolean;
  /**
   * Set for a reminder (POST /reminders, FL 381): the message it is about. A reminder is a
   * direct message to its sender, sent by the Notification Bot.
   */
  reminder_target_message_id?: number;
}

/** One value of a user's bot storage (GET/PUT/DELETE /bot_storage); the key is `[user_id, key]` as JSON. */
export interface BotStorageRecord {
  id: string;
  user_id: number;
  key: string;
  value: string;
}

/**
 * A job of the server's outbox: something to send after a commit (an outgoing-webhook
 * delivery, a call to the push bouncer), kept in the store so that a restart does not lose it,
 * and kept after it finished as the record operators read (recent deliveries).
 */
export interface OutboxRecord {
  id: number;
  kind: 'outgoing_webhook' | 'push_register' | 'push_notify' | 'realm_export';
  /** pending: waiting for its next attempt (or being tried); delivered; failed: given up. */
  status: 'pending' | 'delivered' | 'failed';
  /** Whose job it is: the bot of a webhook delivery, the user of a push job. */
  user_id: number;
  /** Milliseconds since the epoch. */
  created_at: number;
  next_attempt_at: number;
  attempts: number;
  last_attempt_at: number | null;
  /** HTTP status of the last answer, or null (no answer). */
  last_status: number | null;
  last_error: string | null;
  finished_at: number | null;
  /** What to send (kind-specific, JSON). */
  payload: Record<string, unknown>;
}

/** A device registered for E2EE push notifications (POST /mobile_push/register). */
export interface PushDeviceRecord {
  id: number;
  user_id: number;
  /** Chosen by the app; unique per user. */
  push_account_id: number;
  token_kind: 'fcm' | 'apns';
  /** The app's public key (base64): notifications are sealed to it. */
  push_public_key: string;
  bouncer_public_key: string;
  encrypted_push_registration: string;
  /** pending until the bouncer answered; active with a bouncer device ID; failed with an error code. */
  status: 'pending' | 'active' | 'failed';
  error_code: string | null;
  bouncer_device_id: number | null;
}

/** A device token for (non-E2EE) push notifications: POST /users/me/apns_device_token and /users/me/android_gcm_reg_id. */
export interface PushDeviceTokenRecord {
  id: number;
  user_id: number;
  kind: 'apns' | 'fcm';
  token: string;
  /** The iOS app's ID (APNs tokens only). */
  ios_app_id: string | null;
  /** Milliseconds since the epoch. */
  created_at: number;
}

/** A data export of the organization (POST /export/realm): the real server's `RealmExport`. */
export interface RealmExportRecord {
  id: number;
  /** 1: public data; 2: standard (with the private data of consenting users). */
  type: 1 | 2;
  acting_user_id: number;
  status: 'requested' | 'succeeded' | 'failed' | 'deleted';
  /** Milliseconds since the epoch. */
  date_requested: number;
  date_succeeded: number | null;
  date_failed: number | null;
  date_deleted: number | null;
  /** The file's path in the file store (`exports/<realm>/<random>/<name>.json`), once written. */
  export_path: string | null;
}

/** This server's identity at the push bouncer (one record, ID 1): made on first use. */
export interface PushIdentityRecord {
  id: 1;
  /** `zulip_org_id` and `zulip_org_key`: how the server authenticates to the bouncer. */
  zulip_org_id: string;
  zulip_org_key: string;
  /** The organization's UUID at the bouncer. */
  realm_uuid: string;
}

/** What an invitation makes of the account created with it (email invitations and links alike). */
export interface InvitationTerms {
  /** The new account's role. */
  invited_as: UserRecord['role'];
  stream_ids: number[];
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  /** The Welcome Bot's text: null, the organization's; "", none. */
  welcome_message_custom_text: string | null;
  /** The user who made the invitation. */
  referred_by: number;
  /** Milliseconds since the epoch. */
  invited_at: number;
  /** Milliseconds since the epoch; null: never expires. */
  expires_at: number | null;
  /** Secret of the invitation's link. */
  key: string;
}

/** An email invitation (the real server's PreregistrationUser with its confirmation). */
export interface InvitationRecord extends InvitationTerms {
  id: number;
  email: string;
  notify_referrer_on_join: boolean;
  /** pending until used (an account was made) or revoked (another invitation to the address was used). */
  status: 'pending' | 'used' | 'revoked';
  /** The account made with it. */
  created_user_id: number | null;
}

/** A reusable invitation link (`/join/<key>/`). */
export interface MultiuseInviteRecord extends InvitationTerms {
  id: number;
  status: 'active' | 'revoked';
}

/**
 * An email the server sent: kept in its email outbox, the operator's and tests' way to read
 * what a person would have received (the server delivers no mail).
 */
export interface EmailRecord {
  id: number;
  /** What it is: `invitation`, `confirm_new_email`, `notify_change_in_email`, `account_registered`. */
  template: string;
  to: string[];
  from: string;
  subject: string;
  /** Plain text. */
  body: string;
  /** Milliseconds since the epoch. */
  sent_at: number;
}

/** The collections of the document. Later areas add theirs here. */
export type Db = {
  realm: RealmRecord;
  users: UserRecord;
  channels: ChannelRecord;
  subscriptions: SubscriptionRecord;
  user_groups: UserGroupRecord;
  recipients: RecipientRecord;
  custom_profile_fields: CustomProfileFieldRecord;
  messages: MessageRecord;
  email_changes: EmailChangeRecord;
  direct_message_groups: DirectMessageGroupRecord;
  realm_emoji: RealmEmojiRecord;
  user_topics: UserTopicRecord;
  /** One row per user who ever reported presence; the key is the user ID. */
  presence: PresenceRecord;
  linkifiers: LinkifierRecord;
  channel_folders: ChannelFolderRecord;
  playgrounds: PlaygroundRecord;
  navigation_views: NavigationViewRecord;
  attachments: AttachmentRecord;
  alert_words: AlertWordRecord;
  user_status: UserStatusRecord;
  muted_users: MutedUserRecord;
  drafts: DraftRecord;
  saved_snippets: SavedSnippetRecord;
  scheduled_messages: ScheduledMessageRecord;
  bot_storage: BotStorageRecord;
  outbox: OutboxRecord;
  push_devices: PushDeviceRecord;
  push_identity: PushIdentityRecord;
  push_device_tokens: PushDeviceTokenRecord;
  realm_exports: RealmExportRecord;
  invitations: InvitationRecord;
  multiuse_invites: MultiuseInviteRecord;
  emails: EmailRecord;
};

/** The store of the document. */
export type DbStore = Store<Db>;
/** The writes (and reads) of one request. */
export type DbTx = Transaction<Db>;
