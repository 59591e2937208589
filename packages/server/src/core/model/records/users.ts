import type { UserSettings } from '@teamchat/schema';

// Records of accounts: users and bots, email changes, bot storage.

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
  /**
   * The uploaded avatar (POST /users/me/avatar): its file in the file store and its type;
   * null or missing on the default avatar.
   */
  avatar_file?: { path: string; content_type: string } | null;
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

/** One value of a user's bot storage (GET/PUT/DELETE /bot_storage); the key is `[user_id, key]` as JSON. */
export interface BotStorageRecord {
  id: string;
  user_id: number;
  key: string;
  value: string;
}
