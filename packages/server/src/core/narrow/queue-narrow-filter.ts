import { ApiError, type NarrowElement } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { apiEmail } from '../model/email-visibility.js';
import { messageFlags } from '../model/message-flags.js';
import { FLAG_BITS, type MessageRecord } from '../model/records/messages.js';
import { isResolvedTopic } from '../model/resolved-topic.js';
import { normalizeNarrow, type NarrowParameter } from './normalize-narrow.js';

type Ctx = Pick<Context<'store'>, 'store' | 'config'>;

/** Whether a `message` event goes to a queue registered with a narrow. */
export type QueueNarrowPredicate = (message: MessageRecord, flags?: number) => boolean;

const SUPPORTED = new Set(['channel', 'stream', 'topic', 'sender', 'is']);

/** Whether `message` satisfies one event-narrow term; null when the term filters nothing (unknown `is:` operands, as on the real server). */
function satisfies(ctx: Ctx, term: NarrowParameter, message: MessageRecord, bits: number): boolean | null {
  const { operator, operand } = term;
  const text = typeof operand === 'string' ? operand.toLowerCase() : null;
  switch (operator) {
    case 'channel':
    case 'stream': {
      if (message.stream_id === null) return false;
      if (typeof operand === 'number') return message.stream_id === operand;
      return ctx.store.get('channels', message.stream_id)?.name.toLowerCase() === text;
    }
    case 'topic':
      return message.type === 'stream' && message.topic.toLowerCase() === text;
    case 'sender': {
      if (typeof operand === 'number') return message.sender_id === operand;
      const sender = ctx.store.get('users', message.sender_id);
      return sender !== undefined && apiEmail(sender, ctx.config.realmUrl).toLowerCase() === text;
    }
    case 'is':
      switch (operand) {
        case 'dm':
        case 'private':
          return message.type === 'private';
        case 'starred':
          return (bits & FLAG_BITS.starred) !== 0;
        case 'unread':
          return (bits & FLAG_BITS.read) === 0;
        case 'alerted':
        case 'mentioned':
          return (bits & FLAG_BITS.mentioned) !== 0;
        case 'resolved':
          return message.type === 'stream' && isResolvedTopic(message.topic);
        default:
          return null;
      }
    default:
      return null;
  }
}

/**
 * The filter of `message` events for a queue that `user` registered with `narrow` (POST
 * /register): only `channel`/`stream` (name or ID), `topic`, `sender` (API email or ID) and
 * `is` (`dm`/`private`, `starred`, `unread`, `mentioned`, `alerted`, `resolved`) are
 * supported, compared with the message's state when it is sent, with the user's flags on it
 * (or `flags` when given). `negated` inverts a term (pairs cannot carry it). Call it at
 * register time to reject unsupported narrows; an empty narrow lets everything through.
 *
 * @throws {ApiError} `BAD_REQUEST` `Operator {op} not supported.` or `Operand followed not supported.`
 * @example
 * const wants = queueNarrowFilter(ctx, user, [['stream', 'Denmark']]);
 * if (wants(message)) queue.push(event);
 * @see https://zulip.com/api/register-queue
 */
export function queueNarrowFilter(ctx: Ctx, user: UserRecord, narrow: readonly NarrowElement[]): QueueNarrowPredicate {
  const terms = normalizeNarrow(narrow);
  for (const term of terms) {
    if (!SUPPORTED.has(term.operator)) throw new ApiError('BAD_REQUEST', `Operator ${term.operator} not supported.`);
    if (term.operator === 'is' && term.operand === 'followed')
      throw new ApiError('BAD_REQUEST', 'Operand followed not supported.');
  }
  return (message, flags) => {
    const bits = flags ?? messageFlags(ctx, message.id, user.id) ?? FLAG_BITS.read;
    return terms.every((term) => {
      const satisfied = satisfies(ctx, term, message, bits);
      return satisfied === null || satisfied !== term.negated;
    });
  };
}
