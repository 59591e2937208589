import { ApiError } from '@teamchat/schema';
import { accessChannelById } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../model/context.js';
import type { MessageRecord } from '../model/message-record.js';
import { changeFlag } from './update-flags.js';

/** Messages marked per `update_message_flags` event, as the real server batches them. */
const BATCH_SIZE = 1000;

function markRead(ctx: UserContext, keep: (message: MessageRecord) => boolean): void {
  const unread = [...(ctx.indexes.messages.unreadByUser.get(ctx.user.id) ?? [])].sort((a, b) => a - b);
  const messages = unread.map((id) => ctx.db.get('messages', id)).filter((m): m is MessageRecord => m !== undefined && keep(m));
  for (let start = 0; start < messages.length; start += BATCH_SIZE) {
    changeFlag(ctx, ctx.user, messages.slice(start, start + BATCH_SIZE), 'read', 'add');
  }
}

/**
 * POST /mark_all_as_read: marks every unread message of the caller read, in batches of 1000
 * (one `update_message_flags` event each). `complete` is true when all were marked in this
 * request (FL 153), which is always the case here.
 */
export function markAllAsRead(_params: OperationParams<'messages.markAllAsRead'>, ctx: UserContext) {
  markRead(ctx, () => true);
  return { complete: true };
}

/** POST /mark_stream_as_read: marks the caller's unread messages of a channel read. */
export function markStreamAsRead(params: OperationParams<'messages.markStreamAsRead'>, ctx: UserContext) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { allowArchived: true });
  markRead(ctx, (message) => message.stream_id === channel.id);
  return {};
}

/** POST /mark_topic_as_read: marks the caller's unread messages of a topic read (`No such topic` when they have none there). */
export function markTopicAsRead(params: OperationParams<'messages.markTopicAsRead'>, ctx: UserContext) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { allowArchived: true });
  const topic = params.topic_name.toLowerCase();
  const mine = ctx.indexes.messages.byUser.get(ctx.user.id) ?? [];
  const exists = mine.some((id) => {
    const message = ctx.db.get('messages', id);
    return message !== undefined && message.stream_id === channel.id && message.topic.toLowerCase() === topic;
  });
  if (!exists) throw new ApiError('BAD_REQUEST', `No such topic '${params.topic_name}'`);
  markRead(ctx, (message) => message.stream_id === channel.id && message.topic.toLowerCase() === topic);
  return {};
}
