import type { Context } from '../runtime/context.js';
import { canAccessMessage } from '../model/message-access.js';
import { messageFlags } from '../model/message-flags.js';
import type { MessageRecord } from '../model/records/messages.js';
import type { ParsedNarrow } from './narrow-term.js';
import { narrowMatcher } from './narrow-matcher.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now'>;

/**
 * Whether a message ID is in the narrow's result set: the message exists, matches, and the
 * viewer may see it here — any message they may access when history is included, otherwise
 * only messages they received.
 */
export function narrowFilter(ctx: Ctx, parsed: ParsedNarrow): (id: number) => MessageRecord | null {
  const matches = narrowMatcher(ctx, parsed);
  const viewerId = parsed.viewer?.id ?? null;
  return (id) => {
    const message = ctx.db.get('messages', id);
    if (!message) return null;
    if (parsed.includeHistory)
      return canAccessMessage(ctx, parsed.viewer, message) && matches(message) ? message : null;
    const bits = viewerId === null ? undefined : messageFlags(ctx, id, viewerId);
    return bits !== undefined && matches(message, bits) ? message : null;
  };
}
