import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { participantsOf } from '../model/direct-message-groups.js';
import { canAccessMessage } from '../model/message-access.js';
import { badNarrow, badNarrowCombination } from './narrow-errors.js';
import type { NarrowParameter } from './normalize-narrow.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now'>;

/** Operators that say which conversation a narrow shows (the `with` target replaces them). */
const CONVERSATION_OPERATORS = new Set(['stream', 'channel', 'topic', 'dm', 'pm-with']);

/** Whether the other terms already pin a conversation: a DM, or a channel and a topic. */
function definesConversation(terms: readonly NarrowParameter[]): boolean {
  let channel = false;
  let topic = false;
  for (const term of terms) {
    if (term.operator === 'dm' || term.operator === 'pm-with') return true;
    if (term.operator === 'stream' || term.operator === 'channel') channel = true;
    if (term.operator === 'topic') topic = true;
    if (channel && topic) return true;
  }
  return false;
}

/**
 * Replaces a `with` term by the current conversation of its message (so the narrow follows
 * the message when it moves): `channel` (by ID) + `topic` for a channel message, `dm` with its
 * participants for a direct message; the other conversation terms are dropped. When the
 * message is missing or inaccessible the rest of the narrow is kept if it already defines a
 * conversation.
 *
 * @throws {ApiError} `BAD_NARROW` `Invalid narrow operator combination: Duplicate 'with' operators.`,
 *   or `Invalid narrow operator: Invalid 'with' operator`.
 * @see https://zulip.com/api/construct-narrow (`with`)
 */
export function replaceWithOperator(
  ctx: Ctx,
  viewer: UserRecord | null,
  terms: readonly NarrowParameter[],
): NarrowParameter[] {
  const withTerms = terms.filter((term) => term.operator === 'with');
  if (withTerms.length > 1) throw badNarrowCombination("Duplicate 'with' operators.");
  const withTerm = withTerms[0];
  if (!withTerm) return [...terms];
  const rest = terms.filter((term) => term !== withTerm);
  const operand = withTerm.operand;
  // Python's int(): surrounding spaces and a sign are fine, anything else is not.
  if (typeof operand !== 'number' && (typeof operand !== 'string' || !/^\s*[+-]?\d+\s*$/.test(operand))) {
    throw badNarrow("Invalid 'with' operator");
  }
  const message = ctx.db.get('messages', Number(operand));
  if (!message || !canAccessMessage(ctx, viewer, message)) {
    if (definesConversation(rest)) return rest;
    throw badNarrow("Invalid 'with' operator");
  }
  const others = rest.filter((term) => !CONVERSATION_OPERATORS.has(term.operator));
  const conversation: NarrowParameter[] =
    message.stream_id !== null
      ? [
          { operator: 'channel', operand: message.stream_id, negated: false },
          { operator: 'topic', operand: message.topic, negated: false },
        ]
      : [{ operator: 'dm', operand: participantsOf(ctx, message), negated: false }];
  return [...conversation, ...others];
}
