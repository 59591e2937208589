import type { UserRecord } from '../model/records/users.js';
import type { SearchQuery } from './search-query.js';

/** Operands of `is:` (`private` is read as `dm`). */
export const IS_OPERANDS = [
  'dm',
  'starred',
  'unread',
  'mentioned',
  'alerted',
  'resolved',
  'followed',
  'muted',
] as const;
export type IsOperand = (typeof IS_OPERANDS)[number];

/** Operands of `has:`. */
export const HAS_OPERANDS = ['link', 'attachment', 'image', 'reaction'] as const;
export type HasOperand = (typeof HAS_OPERANDS)[number];

/**
 * One resolved filter term: names, emails and IDs are looked up, legacy spellings mapped to
 * the current operator. `negated` inverts it.
 */
export type NarrowTerm = { negated: boolean } & (
  | { operator: 'channel'; channelId: number }
  | { operator: 'channels'; operand: 'public' | 'web-public'; channelIds: ReadonlySet<number> }
  /** `topic` is the stored topic (`""` for the empty topic), compared case-insensitively. */
  | { operator: 'topic'; topic: string }
  | { operator: 'sender'; userId: number }
  /** The conversation's recipient; null when no such conversation exists (nothing matches). */
  | { operator: 'dm'; recipientId: number | null }
  /** Recipients of the conversations with the viewer and that user; `all` for the viewer's own ID. */
  | { operator: 'dm-including'; recipientIds: ReadonlySet<number> | 'all' }
  | { operator: 'group-pm-with'; recipientIds: ReadonlySet<number> }
  | { operator: 'is'; operand: IsOperand }
  | { operator: 'has'; operand: HasOperand }
  | { operator: 'in'; operand: 'home' | 'all' }
  | { operator: 'id'; messageId: number }
);

/** A narrow ready to match messages. */
export interface ParsedNarrow {
  /** Whose view: flags, DMs and history access are theirs; null for a spectator (web-public) query. */
  viewer: UserRecord | null;
  /** Filter terms in request order (`near` filters nothing and is left out; `with` is replaced). */
  terms: readonly NarrowTerm[];
  /** Every `search` term joined with spaces (the real server ignores their `negated`), or null. */
  search: SearchQuery | null;
  /**
   * Whether messages the viewer never received are searched too (a positive channel term of a
   * channel whose history the viewer may read, `channels:public`, spectators); any `is:` term
   * but `is:resolved` turns it off.
   */
  includeHistory: boolean;
  /** The channel of the first `channel` term (negated or not); first_unread muting looks only inside it. */
  firstChannelId: number | null;
}
