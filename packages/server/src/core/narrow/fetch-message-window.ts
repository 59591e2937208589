import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import type { MessageRecord } from '../model/records/messages.js';
import { LARGER_THAN_MAX_MESSAGE_ID, parseAnchor } from './anchor.js';
import { firstUnreadAnchor } from './first-unread.js';
import { takeAscending, takeDescending } from './id-walk.js';
import { narrowFilter } from './message-filter.js';
import type { ParsedNarrow } from './narrow-term.js';
import { selectCandidates } from './select-candidates.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now'>;

/** Most messages one GET /messages may ask for. */
export const MAX_MESSAGES_PER_FETCH = 5000;

/** Which range of a narrow to fetch. */
export interface WindowRequest {
  /** `newest`, `oldest`, `first_unread`, or a message ID (as text or a number). */
  anchor: string | number | undefined;
  /** Deprecated spelling of `anchor: 'first_unread'`; wins over `anchor`. */
  useFirstUnreadAnchor?: boolean;
  numBefore: number;
  numAfter: number;
  includeAnchor: boolean;
}

/** A range of a narrow, ascending by ID, with the real server's bookkeeping. */
export interface MessageWindow {
  messages: MessageRecord[];
  /** The numeric anchor used: the computed one for `first_unread`, 10^16 for `newest`, 0 for `oldest`. */
  anchor: number;
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
  /** Always false: this server has no history limit. */
  historyLimited: boolean;
}

/**
 * Checks a window request the way GET /messages does, in its order, and returns the parsed
 * anchor (null for `first_unread`).
 *
 * @throws {ApiError} `BAD_REQUEST`: `Missing 'anchor' argument.`, `Invalid anchor`,
 *   `Too many messages requested (maximum 5000).`,
 *   `The anchor can only be excluded at an end of the range`.
 */
export function checkWindowRequest(request: WindowRequest): number | null {
  const anchor = parseAnchor(request.anchor, request.useFirstUnreadAnchor);
  if (request.numBefore + request.numAfter > MAX_MESSAGES_PER_FETCH) {
    throw new ApiError('BAD_REQUEST', `Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  }
  if (request.numBefore > 0 && request.numAfter > 0 && !request.includeAnchor) {
    throw new ApiError('BAD_REQUEST', 'The anchor can only be excluded at an end of the range');
  }
  return anchor;
}

/**
 * Fetches the window of `parsed` around an anchor exactly as the real server's
 * `limit_query_to_range` + `post_process_limited_query` do: up to `numBefore` matching messages
 * before the anchor, the anchor itself (if it matches and `includeAnchor`), up to `numAfter`
 * after it; `found_oldest`/`found_newest` say whether a side came up short (or the anchor was
 * `oldest`/`newest`). With `numBefore` and `numAfter` both 0 the anchor message alone is
 * answered, whatever `includeAnchor` says (as the real server does). It walks the narrow's
 * candidate index from the anchor by binary search, never every message.
 *
 * @param user - the viewer the narrow was parsed for (null: a spectator).
 * @example
 * const parsed = parseNarrow(ctx, ctx.user, narrow);
 * const window = fetchMessageWindow(ctx, ctx.user, parsed, { anchor: 'newest', numBefore: 100, numAfter: 0, includeAnchor: true });
 * @see https://zulip.com/api/get-messages (window algorithm)
 * @see https://zulip.com/api/update-message-flags-for-narrow (POST /messages/flags/narrow clamps first)
 */
export function fetchMessageWindow(
  ctx: Ctx,
  user: UserRecord | null,
  parsed: ParsedNarrow,
  request: WindowRequest,
): MessageWindow {
  if ((user?.id ?? null) !== (parsed.viewer?.id ?? null)) {
    throw new Error(
      '[teamchat-server] fetchMessageWindow: the narrow was parsed for another viewer; parse it with the same user.',
    );
  }
  const parsedAnchor = checkWindowRequest(request);
  const candidates = selectCandidates(ctx, parsed);
  const inNarrow = narrowFilter(ctx, parsed);
  const accept = (id: number) => inNarrow(id) !== null;
  const anchor = parsedAnchor ?? firstUnreadAnchor(ctx, parsed, candidates, inNarrow);
  const lists = candidates.lists;
  const { numBefore, includeAnchor } = request;
  const anchoredLeft = anchor === 0;
  const anchoredRight = anchor >= LARGER_THAN_MAX_MESSAGE_ID;
  const numAfter = anchoredRight ? 0 : request.numAfter;
  const needBefore = !anchoredLeft && numBefore > 0;
  const needAfter = !anchoredRight && numAfter > 0;

  // The real server's queries, limits with "headroom" included.
  let rows: number[];
  if (needBefore && needAfter) {
    rows = [
      ...takeDescending(lists, anchor, numBefore, accept).reverse(),
      ...takeAscending(lists, anchor, numAfter + 1, accept),
    ];
  } else if (needBefore) {
    const bound = anchoredRight ? Infinity : includeAnchor ? anchor + 1 : anchor;
    const limit = numBefore + (!anchoredRight && includeAnchor ? 1 : 0);
    rows = takeDescending(lists, bound, limit, accept).reverse();
  } else if (needAfter) {
    rows = takeAscending(lists, includeAnchor ? anchor : anchor + 1, numAfter + (includeAnchor ? 1 : 0), accept);
  } else {
    rows = accept(anchor) ? [anchor] : [];
  }

  // post_process_limited_query
  let before = anchoredRight ? rows : rows.filter((id) => id < anchor);
  const anchorRows = anchoredRight ? [] : rows.filter((id) => id === anchor);
  let after = anchoredRight ? [] : rows.filter((id) => id > anchor);
  if (numBefore > 0) before = before.slice(-numBefore);
  if (numAfter > 0) after = after.slice(0, numAfter);
  const ids = [...before, ...anchorRows, ...after];
  return {
    // Each ID was accepted: its message exists.
    messages: ids.map((id) => ctx.db.get('messages', id) as MessageRecord),
    anchor,
    foundAnchor: anchorRows.length === 1,
    foundOldest: anchoredLeft || before.length < numBefore,
    foundNewest: anchoredRight || after.length < numAfter,
    historyLimited: false,
  };
}

/**
 * The messages among `ids` that are in the narrow for its viewer (GET /messages with
 * `message_ids`): existing, matching, visible; ascending, without duplicates.
 */
export function fetchMessagesById(ctx: Ctx, parsed: ParsedNarrow, ids: readonly number[]): MessageRecord[] {
  const inNarrow = narrowFilter(ctx, parsed);
  const messages: MessageRecord[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const message = inNarrow(id);
    if (message) messages.push(message);
  }
  return messages;
}
