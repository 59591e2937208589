import type { Context } from '../context.js';
import type { AttachmentRecord, UserRecord } from '../db.js';
import type { MessageRecord } from '../messages/message-record.js';
import { canAccessAttachment } from './attachment-access.js';
import { emitAttachmentEvent } from './attachment-events.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now' | 'config' | 'events' | 'attachmentIndex'>;
type DeleteCtx = Ctx & Pick<Context, 'files' | 'log'>;

/** The uploads a rendering links (`uploadPathIds`, URL-encoded) that `linker` may link. */
function linkableUploads(ctx: Ctx, pathIds: readonly string[], linker: UserRecord): AttachmentRecord[] {
  const found = new Map<number, AttachmentRecord>();
  for (const raw of pathIds) {
    let pathId: string;
    try {
      pathId = decodeURIComponent(raw);
    } catch {
      continue;
    }
    const attachment = ctx.attachmentIndex.byPathId.get(pathId);
    // A link to a file the sender cannot see claims nothing (the real server ignores it too).
    if (attachment && canAccessAttachment(ctx, linker, attachment)) found.set(attachment.id, attachment);
  }
  return [...found.values()];
}

function setLinks(ctx: Ctx, attachment: AttachmentRecord, messageIds: number[]): AttachmentRecord {
  const updated = ctx.db.patch('attachments', attachment.id, { message_ids: messageIds.sort((a, b) => a - b) });
  emitAttachmentEvent(ctx, 'update', updated);
  return updated;
}

/**
 * Links a new message to the uploads its content references (the real server's
 * `do_claim_attachments`): the sender's own, and others' the sender may already see.
 * The owners get `attachment` `update` events.
 */
export function linkMessageUploads(ctx: Ctx, message: MessageRecord, pathIds: readonly string[], sender: UserRecord): void {
  for (const attachment of linkableUploads(ctx, pathIds, sender)) setLinks(ctx, attachment, [...attachment.message_ids, message.id]);
}

/** Attachments currently linked from message `messageId`. */
export function uploadsLinkedFrom(ctx: Pick<Context, 'attachmentIndex'>, messageId: number): AttachmentRecord[] {
  return [...ctx.attachmentIndex.byPathId.values()].filter((a) => a.message_ids.includes(messageId));
}

/**
 * After a content edit: links the uploads the new content references and unlinks the
 * others. Returns the uploads of `editor` no message links any more (`detached_uploads`);
 * they are kept until the clean-up of unused uploads.
 */
export function relinkMessageUploads(ctx: Ctx, message: MessageRecord, pathIds: readonly string[], editor: UserRecord): AttachmentRecord[] {
  // Worked out before any change: a file may be visible to the editor through this very message.
  const wanted = linkableUploads(ctx, pathIds, editor);
  const wantedIds = new Set(wanted.map((a) => a.id));
  const before = uploadsLinkedFrom(ctx, message.id);
  const beforeIds = new Set(before.map((a) => a.id));
  const detached: AttachmentRecord[] = [];
  for (const attachment of before) {
    if (wantedIds.has(attachment.id)) continue;
    const updated = setLinks(ctx, attachment, attachment.message_ids.filter((id) => id !== message.id));
    if (updated.message_ids.length === 0 && updated.owner_id === editor.id) detached.push(updated);
  }
  for (const attachment of wanted) if (!beforeIds.has(attachment.id)) setLinks(ctx, attachment, [...attachment.message_ids, message.id]);
  return detached;
}

/**
 * Deletes an attachment: the record now, the file once the deletion is durable; the owner
 * gets `attachment` `remove`.
 */
export function removeAttachment(ctx: DeleteCtx, attachment: AttachmentRecord): void {
  ctx.db.delete('attachments', attachment.id);
  ctx.db.onCommit(() => {
    // A file left behind by a failure here is swept at the next start.
    ctx.files.delete(attachment.path_id).catch((error: unknown) => ctx.log.error('could not delete an uploaded file', { path_id: attachment.path_id, error: String(error) }));
  });
  emitAttachmentEvent(ctx, 'remove', attachment);
}

/**
 * After messages are deleted: unlinks them from their uploads, and deletes each upload
 * whose last linking message went.
 */
export function releaseMessageUploads(ctx: DeleteCtx, messageIds: readonly number[]): void {
  const gone = new Set(messageIds);
  for (const attachment of [...ctx.attachmentIndex.byPathId.values()]) {
    if (!attachment.message_ids.some((id) => gone.has(id))) continue;
    const remaining = attachment.message_ids.filter((id) => !gone.has(id));
    if (remaining.length === 0) removeAttachment(ctx, attachment);
    else setLinks(ctx, attachment, remaining);
  }
}
