import type { Context } from '../runtime/context.js';
import { messageFlags } from '../model/message-flags.js';
import { FLAG_BITS, MENTION_MASK, type MessageRecord } from '../model/records/messages.js';
import { isResolvedTopic } from '../model/resolved-topic.js';
import type { NarrowTerm, ParsedNarrow } from './narrow-term.js';
import { matchesSearch } from './search-query.js';
import { TopicVisibility } from './topic-visibility.js';

type Ctx = Pick<Context, 'db' | 'indexes'>;

/** Whether `message` satisfies `term`, ignoring its negation. */
function satisfies(term: NarrowTerm, message: MessageRecord, bits: number, visibility: () => TopicVisibility): boolean {
  switch (term.operator) {
    case 'channel':
      return message.stream_id === term.channelId;
    case 'channels':
      return message.stream_id !== null && term.channelIds.has(message.stream_id);
    case 'topic':
      // The same text first: most messages of a topic narrow spell it as the narrow does.
      return (
        message.type === 'stream' &&
        (message.topic === term.topic || message.topic.toLowerCase() === term.topic.toLowerCase())
      );
    case 'sender':
      return message.sender_id === term.userId;
    case 'dm':
      return message.type === 'private' && message.recipient_id === term.recipientId;
    case 'dm-including':
      return message.type === 'private' && (term.recipientIds === 'all' || term.recipientIds.has(message.recipient_id));
    case 'group-pm-with':
      return message.type === 'private' && term.recipientIds.has(message.recipient_id);
    case 'id':
      return message.id === term.messageId;
    case 'has':
      switch (term.operand) {
        case 'link':
          return message.has_link;
        case 'image':
          return message.has_image;
        case 'attachment':
          return message.has_attachment;
        case 'reaction':
          return message.reactions.length > 0;
      }
      break;
    case 'in':
      return term.operand === 'all' || !visibility().isMuted(message);
    case 'is':
      switch (term.operand) {
        case 'dm':
          return message.type === 'private';
        case 'starred':
          return (bits & FLAG_BITS.starred) !== 0;
        case 'unread':
          return (bits & FLAG_BITS.read) === 0;
        case 'mentioned':
          // A personal, channel-wide or topic mention.
          return (bits & MENTION_MASK) !== 0;
        case 'alerted':
          return (bits & FLAG_BITS.has_alert_word) !== 0;
        case 'resolved':
          return message.type === 'stream' && isResolvedTopic(message.topic);
        case 'followed':
          return visibility().isFollowed(message);
        case 'muted':
          return visibility().isMuted(message);
      }
  }
  return false;
}

/**
 * The predicate of a narrow: whether a message matches every term (negated terms inverted,
 * `in:all` always true) and the search. Flags are the viewer's; a message the viewer never
 * received reads as `read` and nothing else (`viewerBits`: their row's bits when the caller
 * has them at hand). Access is not checked here.
 *
 * @example
 * const matches = narrowMatcher(ctx, parseNarrow(ctx, user, [['is', 'starred']]));
 * matches(message); // true when the user starred it
 */
export function narrowMatcher(
  ctx: Ctx,
  parsed: ParsedNarrow,
): (message: MessageRecord, viewerBits?: number) => boolean {
  let visibility: TopicVisibility | undefined;
  const lazyVisibility = () => (visibility ??= TopicVisibility.of(ctx, parsed.viewer));
  const viewerId = parsed.viewer?.id ?? null;
  const { terms, search } = parsed;
  // Only flag terms read the viewer's row.
  const readsFlags = terms.some((term) => term.operator === 'is');
  return (message, viewerBits) => {
    const bits = !readsFlags
      ? FLAG_BITS.read
      : (viewerBits ?? (viewerId === null ? undefined : messageFlags(ctx, message.id, viewerId)) ?? FLAG_BITS.read);
    for (const term of terms) {
      if (term.operator === 'in' && term.operand === 'all') continue;
      if (satisfies(term, message, bits, lazyVisibility) === term.negated) return false;
    }
    return search === null || matchesSearch(message, search);
  };
}
