import type { EditHistoryEntry } from '@teamchat/schema';

/** A reaction as stored. */
export interface ReactionRecord {
  emoji_name: string;
  emoji_code: string;
  reaction_type: 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';
  user_id: number;
}

/**
 * A message. The per-user rows (the real server's UserMessage: who received the message, or
 * touched it later, and their flag bits) are kept apart, in the store's per-user table: read
 * and change them through `model/message-flags.ts`.
 */
export interface MessageRecord {
  id: number;
  type: 'stream' | 'private';
  sender_id: number;
  recipient_id: number;
  /** Channel of a channel message; null for direct messages. */
  stream_id: number | null;
  /** Topic; "" for direct messages (and for the empty topic). */
  topic: string;
  /** Raw Markdown. */
  content: string;
  rendered_content: string;
  is_me_message: boolean;
  /** Seconds since the epoch. */
  timestamp: number;
  client: string;
  /** Most recent first, as sent to clients (topics stored verbatim). */
  edit_history: EditHistoryEntry[];
  reactions: ReactionRecord[];
  submessages: { id: number; msg_type: string; content: string; sender_id: number }[];
  has_link: boolean;
  has_image: boolean;
  has_attachment: boolean;
}

/** Bits of the stored flags, in the real server's order. */
export const FLAG_BITS = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
  has_alert_word: 64,
  historical: 128,
} as const;
export type StoredFlag = keyof typeof FLAG_BITS;

/**
 * The mention bits (personal, channel-wide, topic): what `is:mentioned` matches, and what
 * rendering decides (cleared and recomputed when content is edited).
 */
export const MENTION_MASK =
  FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

/** The flag lists of the 256 possible bit sets, worked out once. */
const FLAG_NAMES: readonly (readonly string[])[] = Array.from({ length: 256 }, (_, bits) => {
  const names: string[] = [];
  for (const [name, bit] of Object.entries(FLAG_BITS)) if (bits & bit) names.push(name);
  if (bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned))
    names.push('wildcard_mentioned');
  return names;
});

/** The API flag list of `bits`, with the deprecated `wildcard_mentioned` derived (a new array). */
export function flagNames(bits: number): string[] {
  return [...(FLAG_NAMES[bits & 0xff] as readonly string[])];
}

/** A recipient: what messages are addressed to (a channel, a user, a group of users). */
export interface RecipientRecord {
  id: number;
  type: 'stream' | 'personal' | 'direct_message_group';
  /** Channel ID, user ID or direct-message group ID. */
  type_id: number;
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
