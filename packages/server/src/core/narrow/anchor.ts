import { ApiError } from '@teamchat/schema';

/** The anchor of `newest` (the real server's `LARGER_THAN_MAX_MESSAGE_ID`). */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

/**
 * Parses an anchor: `oldest` → 0, `newest` → 10^16, `first_unread` (or
 * `use_first_unread_anchor`) → null (computed later), digits → that ID (negative clamped to 0,
 * huge to 10^16).
 *
 * @throws {ApiError} `BAD_REQUEST` `Missing 'anchor' argument.` or `Invalid anchor`.
 * @see https://zulip.com/api/get-messages (anchor parsing)
 */
export function parseAnchor(anchor: string | number | undefined, useFirstUnreadAnchor = false): number | null {
  if (useFirstUnreadAnchor) return null;
  if (anchor === undefined) throw new ApiError('BAD_REQUEST', "Missing 'anchor' argument.");
  if (anchor === 'oldest') return 0;
  if (anchor === 'newest') return LARGER_THAN_MAX_MESSAGE_ID;
  if (anchor === 'first_unread') return null;
  // Python's int(): spaces around and a sign are accepted.
  if (typeof anchor === 'string' && !/^\s*[+-]?\d+\s*$/.test(anchor))
    throw new ApiError('BAD_REQUEST', 'Invalid anchor');
  const value = Number(anchor);
  if (!Number.isInteger(value)) throw new ApiError('BAD_REQUEST', 'Invalid anchor');
  return Math.min(Math.max(value, 0), LARGER_THAN_MAX_MESSAGE_ID);
}
