import { releaseMessageUploads } from '../attachments/link-attachments.js';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { emit } from '../events/emit.js';
import { appendTo } from '../internal/append-to.js';
import { usersWithMetadataAccess } from '../model/channel-access.js';
import { messageUserIds, removeMessageRows } from '../model/message-flags.js';
import type { MessageRecord } from '../model/records/messages.js';

type Ctx = Pick<Context<'files'>, 'db' | 'indexes' | 'events' | 'realm' | 'now' | 'config' | 'files' | 'log'>;

/** Where deleted messages were: a channel topic, or a direct-message conversation. */
export type DeletedFrom = { message_type: 'private' } | { message_type: 'stream'; stream_id: number; topic: string };

/**
 * Emits `delete_message` for `ids` (all from one conversation) to `audience`: one event with
 * all IDs for queues with `bulk_message_deletion`, one per message for the others.
 */
export function emitDeleteMessageEvents(
  ctx: Pick<Context, 'db' | 'events'>,
  audience: Iterable<number>,
  ids: readonly number[],
  where: DeletedFrom,
): void {
  const sorted = [...ids].sort((a, b) => a - b);
  const users = [...audience];
  emit(ctx, users, (queue) =>
    queue.has('bulk_message_deletion')
      ? { type: 'delete_message', message_ids: sorted, ...where }
      : { type: 'delete_message', message_id: sorted[0], ...where },
  );
  for (const id of sorted.slice(1)) {
    emit(ctx, users, (queue) =>
      queue.has('bulk_message_deletion') ? null : { type: 'delete_message', message_id: id, ...where },
    );
  }
}

/**
 * Sets each channel's `first_message_id` to its oldest message (after deletions or moves) and
 * emits `stream update` (FL 256) where it changed.
 */
export function refreshFirstMessageIds(ctx: Omit<Ctx, 'files' | 'log'>, streamIds: Iterable<number>): void {
  for (const streamId of new Set(streamIds)) {
    const channel = ctx.db.get('channels', streamId);
    if (!channel) continue;
    const first = ctx.indexes.messages.channel(streamId)[0] ?? null;
    if (first === channel.first_message_id) continue;
    const updated = ctx.db.patch('channels', streamId, { first_message_id: first });
    emit(
      ctx,
      usersWithMetadataAccess(ctx, updated).map((u) => u.id),
      {
        type: 'stream',
        op: 'update',
        stream_id: streamId,
        name: updated.name,
        property: 'first_message_id',
        value: first,
      },
    );
  }
}

/** Where a message is, for its `delete_message` event. */
export function deletedFrom(message: MessageRecord): DeletedFrom {
  return message.stream_id === null
    ? { message_type: 'private' }
    : { message_type: 'stream', stream_id: message.stream_id, topic: message.topic };
}

/**
 * Deletes messages and tells everyone concerned: `delete_message` to users with a row and to
 * the deleter, and a new `first_message_id` where a channel's oldest message went.
 */
export function deleteMessages(ctx: Ctx, messages: readonly MessageRecord[], actor: UserRecord): void {
  if (messages.length === 0) return;
  const byConversation = new Map<string, MessageRecord[]>();
  const audienceOf = new Map<number, number[]>();
  for (const message of messages) {
    const key =
      message.stream_id === null ? `dm:${message.recipient_id}` : `stream:${message.stream_id}\u0000${message.topic}`;
    appendTo(byConversation, key, message);
    audienceOf.set(message.id, messageUserIds(ctx, message.id));
    removeMessageRows(ctx, message.id);
    ctx.db.delete('messages', message.id);
  }
  for (const group of byConversation.values()) {
    const audience = new Set<number>([actor.id]);
    for (const message of group) for (const userId of audienceOf.get(message.id) ?? []) audience.add(userId);
    emitDeleteMessageEvents(
      ctx,
      audience,
      group.map((m) => m.id),
      deletedFrom(group[0] as MessageRecord),
    );
  }
  refreshFirstMessageIds(
    ctx,
    messages.map((m) => m.stream_id).filter((id): id is number => id !== null),
  );
  releaseMessageUploads(
    ctx,
    messages.map((m) => m.id),
  );
}
