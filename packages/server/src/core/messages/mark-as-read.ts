import { ApiError } from '@teamchat/schema';
import { accessChannelById } from '../model/channel-access.js';
import { inBatches } from '../runtime/batched-writes.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { MessageRecord } from '../model/records/messages.js';
import { changeFlag } from './update-flags.js';
import { receivedIds, unreadIds } from '../model/message-flags.js';

/** The caller's unread messages that `keep` selects, oldest first. */
function unreadMessages(ctx: UserContext, keep: (message: MessageRecord) => boolean): MessageRecord[] {
  const unread = [...unreadIds(ctx, ctx.user.id)];
  return unread.map((id) => ctx.db.get('messages', id)).filter((m): m is MessageRecord => m !== undefined && keep(m));
}

/**
 * The caller's `limit` oldest unread messages: one batch of POST /mark_all_as_read, read off the
 * front of the unread index (a backlog of 100,000 is not copied for each batch of 1000).
 */
function oldestUnread(ctx: UserContext, limit: number): MessageRecord[] {
  const ids = unreadIds(ctx, ctx.user.id);
  const messages: MessageRecord[] = [];
  for (let i = 0; i < ids.length && messages.length < limit; i += 1) {
    const message = ctx.db.get('messages', ids[i] as number);
    if (message !== undefined) messages.push(message);
  }
  return messages;
}

/** Marks the selected unread messages read, in batches (one `update_message_flags` event each), as the real server. */
function markRead(ctx: UserContext<'hooks' | 'jobs'>, keep: (message: MessageRecord) => boolean): void {
  const messages = unreadMessages(ctx, keep);
  const size = ctx.config.markReadBatchSize;
  for (let start = 0; start < messages.length; start += size)
    changeFlag(ctx, ctx.user, messages.slice(start, start + size), 'read', 'add');
}

/**
 * POST /mark_all_as_read: marks every unread message of the caller read, a batch of 1000 per
 * transaction (one `update_message_flags` event each), until done (`complete: true`) or until
 * the request's time budget of 50 seconds is spent (`complete: false`: the client repeats), as
 * the real server's `do_mark_all_as_read` (FL 153).
 */
export function markAllAsRead(
  _params: OperationParams<'messages.markAllAsRead'>,
  ctx: UserContext<'hooks' | 'jobs' | 'store'>,
) {
  const size = ctx.config.markReadBatchSize;
  return inBatches(ctx, ctx.config.markAllAsReadBudgetMs, (tx) => {
    const batch = oldestUnread(tx, size);
    changeFlag(tx, tx.user, batch, 'read', 'add');
    return batch.length === size;
  });
}

/** POST /mark_stream_as_read: marks the caller's unread messages of a channel read. */
export function markStreamAsRead(
  params: OperationParams<'messages.markStreamAsRead'>,
  ctx: UserContext<'hooks' | 'jobs'>,
) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { allowArchived: true });
  markRead(ctx, (message) => message.stream_id === channel.id);
  return {};
}

/** POST /mark_topic_as_read: marks the caller's unread messages of a topic read (`No such topic` when they have none there). */
export function markTopicAsRead(
  params: OperationParams<'messages.markTopicAsRead'>,
  ctx: UserContext<'hooks' | 'jobs'>,
) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { allowArchived: true });
  const topic = params.topic_name.toLowerCase();
  const mine = receivedIds(ctx, ctx.user.id);
  const exists = mine.some((id) => {
    const message = ctx.db.get('messages', id);
    return message !== undefined && message.stream_id === channel.id && message.topic.toLowerCase() === topic;
  });
  if (!exists) throw new ApiError('BAD_REQUEST', `No such topic '${params.topic_name}'`);
  markRead(ctx, (message) => message.stream_id === channel.id && message.topic.toLowerCase() === topic);
  return {};
}
