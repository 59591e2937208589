import type { GroupSettingValue, UserSettings } from '@teamchat/schema';

// Records of the organization and its settings areas: the realm, custom profile fields, linkifiers,
// custom emoji, code playgrounds, data exports.

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

/** A code playground: code blocks in `pygments_language` get a link to `url_template` with `{code}`. */
export interface PlaygroundRecord {
  id: number;
  name: string;
  /** The spec's `highlighter_language` (the real server's `pygments_language`). */
  pygments_language: string;
  url_template: string;
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
