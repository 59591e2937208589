import type { ModelContext } from './model-context.js';
import type { UserRecord } from './records/users.js';
import type { MessageRecord } from './records/messages.js';

type Ctx = Pick<ModelContext, 'db' | 'indexes'>;

/**
 * The recipient ID of a direct-message conversation among `userIds` (sender included):
 * the user's personal recipient for a self-conversation, else the conversation's group,
 * created on first use. Both directions of a 1:1 conversation share it (FL 327).
 */
export function directRecipientId(ctx: Ctx, userIds: Iterable<number>): number {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 1) {
    const user = ctx.db.get('users', ids[0] as number) as UserRecord;
    return user.recipient_id;
  }
  const existing = ctx.indexes.directMessageGroups.get(ids.join(','));
  if (existing) return existing.recipient_id;
  const id = ctx.db.nextId('direct_message_groups');
  const recipientId = ctx.db.nextId('recipients');
  ctx.db.put('recipients', { id: recipientId, type: 'direct_message_group', type_id: id });
  ctx.db.put('direct_message_groups', { id, user_ids: ids, recipient_id: recipientId });
  return recipientId;
}

/** The participants (ascending user IDs) of the conversation `recipientId`. */
export function participantsOfRecipient(ctx: Ctx, recipientId: number): number[] {
  const group = ctx.indexes.directMessageGroupsByRecipient.get(recipientId);
  if (group) return group.user_ids;
  const recipient = ctx.db.get('recipients', recipientId);
  return recipient?.type === 'personal' ? [recipient.type_id] : [];
}

/** The participants of a direct message (empty for a channel message). */
export function participantsOf(ctx: Ctx, message: MessageRecord): number[] {
  return message.type === 'private' ? participantsOfRecipient(ctx, message.recipient_id) : [];
}
