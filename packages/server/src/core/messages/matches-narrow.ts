import type { NarrowMatch } from '@teamchat/schema';
import { narrowMatcher, parseNarrow, searchFields } from '../narrow/index.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { hasMessageRow } from '../model/message-flags.js';

/**
 * GET /messages/matches_narrow: which of `msg_ids` match the narrow. Only messages the caller
 * received are tested (never channel history); missing and inaccessible IDs are left out.
 * Matches are keyed by ID (as a string) with `match_content` and `match_subject`, highlighted
 * for search narrows.
 *
 * @see https://zulip.com/api/check-messages-match-narrow
 */
export function matchesNarrow(params: OperationParams<'messages.matchesNarrow'>, ctx: UserContext) {
  const parsed = parseNarrow(ctx, ctx.user, params.narrow);
  const matches = narrowMatcher(ctx, parsed);
  const messages: Record<string, NarrowMatch> = {};
  for (const id of [...new Set(params.msg_ids)].sort((a, b) => a - b)) {
    const message = ctx.db.get('messages', id);
    if (message && hasMessageRow(ctx, id, ctx.user.id) && matches(message))
      messages[String(id)] = searchFields(message, parsed.search);
  }
  return { messages };
}
