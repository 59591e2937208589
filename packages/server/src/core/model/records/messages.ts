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
export const MENTION_MASK = FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

/** The flag lists of the 256 possible bit sets, worked out once. */
const FLAG_NAMES: readonly (readonly string[])[] = Array.from({ length: 256 }, (_, bits) => {
  const names: string[] = [];
  for (const [name, bit] of Object.entries(FLAG_BITS)) if (bits & bit) names.push(name);
  if (bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) names.push('wildcard_mentioned');
  return names;
});

/** The API flag list of `bits`, with the deprecated `wildcard_mentioned` derived (a new array). */
export function flagNames(bits: number): string[] {
  return [...(FLAG_NAMES[bits & 0xff] as readonly string[])];
}

