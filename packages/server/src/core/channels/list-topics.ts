import { displayTopic } from '../messages/format-message.js';
import { accessChannelById } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { hasMessageRow } from '../model/message-flags.js';

/**
 * GET /users/me/{stream_id}/topics: the channel's topics with the ID of their newest message,
 * newest first. In private channels with protected history only the messages the user
 * received count; the empty topic is shown by its display name unless
 * `allow_empty_topic_name`.
 *
 * @see https://zulip.com/api/get-stream-topics
 */
export function listTopics(params: OperationParams<'channels.listTopics'>, ctx: UserContext) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { allowArchived: true });
  const protectedHistory = !channel.history_public_to_subscribers;
  const topics: { name: string; max_id: number }[] = [];
  for (const ids of ctx.indexes.messages.topics(channel.id)) {
    for (let i = ids.length - 1; i >= 0; i -= 1) {
      const message = ctx.db.get('messages', ids[i] as number);
      if (!message || (protectedHistory && !hasMessageRow(ctx, message.id, ctx.user.id))) continue;
      topics.push({ name: displayTopic(ctx, message.topic, params.allow_empty_topic_name), max_id: message.id });
      break;
    }
  }
  topics.sort((a, b) => b.max_id - a.max_id);
  return { topics };
}
