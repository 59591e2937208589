// Records a user keeps for themselves: navigation views, alert words, status, muted users, saved
// snippets, drafts.

/** A user's navigation view (left-sidebar entry); `name` is null for built-in fragments. */
export interface NavigationViewRecord {
  id: number;
  user_id: number;
  fragment: string;
  is_pinned: boolean;
  name: string | null;
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
