import { deleteMessages } from '../messages/delete-messages.js';
import { canAccessMessage } from '../model/message-access.js';
import { normalizeTopic } from '../messages/message-content.js';
import type { MessageRecord } from '../model/records/messages.js';
import { accessChannelById } from '../model/channel-access.js';
import { inBatches } from '../runtime/batched-writes.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /streams/{stream_id}/delete_topic (administrators): deletes the topic's messages the
 * caller can access, newest first, one batch per transaction, until done (`complete: true`)
 * or until the request's time budget is spent (`complete: false`: the client repeats).
 * The topic name is read as sending reads it: stripped, and `(no topic)` or the
 * organization's empty-topic display name mean the empty topic.
 *
 * @see https://zulip.com/api/delete-topic
 */
export async function deleteTopic(
  params: OperationParams<'channels.deleteTopic'>,
  ctx: UserContext<'files' | 'hooks' | 'jobs' | 'store'>,
) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { allowArchived: true });
  const name = normalizeTopic(ctx, params.topic_name);
  const { deleteTopicBatchSize: batchSize, deleteTopicBudgetMs: budget } = ctx.config;
  return inBatches(ctx, budget, (tx) => {
    const ids = tx.indexes.messages.topic(channel.id, name);
    const batch: MessageRecord[] = [];
    for (let i = ids.length - 1; i >= 0 && batch.length < batchSize; i -= 1) {
      const message = tx.db.get('messages', ids[i] as number);
      if (message && canAccessMessage(tx, ctx.user, message)) batch.push(message);
    }
    deleteMessages(tx, batch, ctx.user);
    return batch.length === batchSize;
  });
}
