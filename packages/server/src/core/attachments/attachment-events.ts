import type { Attachment } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { AttachmentRecord } from '../model/records/attachments.js';
import { emit } from '../events/emit.js';

type Ctx = Pick<Context, 'db' | 'events' | 'indexes'>;

/**
 * An attachment as GET /attachments and `attachment` events show it: times in
 * milliseconds, the linking messages in ID order.
 *
 * @see https://zulip.com/api/get-attachments
 */
export function formatAttachment(ctx: Pick<Context, 'db'>, record: AttachmentRecord): Attachment {
  const messages = record.message_ids.flatMap((id) => {
    const message = ctx.db.get('messages', id);
    return message ? [{ id, date_sent: message.timestamp * 1000 }] : [];
  });
  return {
    id: record.id,
    name: record.name,
    path_id: record.path_id,
    size: record.size,
    create_time: record.create_time,
    messages,
  };
}

/**
 * Sends an `attachment` event: `add` (uploaded) and `remove` (deleted) to the owner, `update`
 * (a message claimed it) to the message's sender, as the real server does, whoever owns the
 * file; each with the organization's `upload_space_used` after the change.
 *
 * @see https://zulip.com/api/get-events (attachment events)
 */
export function emitAttachmentEvent(
  ctx: Ctx,
  op: 'add' | 'update' | 'remove',
  record: AttachmentRecord,
  userId = record.owner_id,
): void {
  // Nobody to tell: skip formatting (a file linked from many messages lists them all).
  if (!ctx.events.listening) return;
  // Called after the write, so the index already counts (or no longer counts) this file.
  const attachment = op === 'remove' ? { id: record.id } : formatAttachment(ctx, record);
  emit(ctx, [userId], { type: 'attachment', op, attachment, upload_space_used: ctx.indexes.attachments.totalSize() });
}
