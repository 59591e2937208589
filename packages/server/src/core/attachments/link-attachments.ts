import type { Context } from '../runtime/context.js';
import type { AttachmentRecord } from '../model/records/attachments.js';
import type { UserRecord } from '../model/records/users.js';
import type { MessageRecord } from '../model/records/messages.js';
import { canAccessAttachment } from './attachment-access.js';
import { emitAttachmentEvent } from './attachment-events.js';
import { decodePathId } from './upload-path.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now' | 'config' | 'events'>;
type DeleteCtx = Ctx & Pick<Context<'files'>, 'files' | 'log'>;

/** The uploads a rendering links (`uploadPathIds`, URL-encoded) that `sender` may link. */
function linkableUploads(ctx: Ctx, pathIds: readonly string[], sender: UserRecord): AttachmentRecord[] {
  const found = new Map<number, AttachmentRecord>();
  for (const raw of pathIds) {
    const pathId = decodePathId(raw);
    const attachment = pathId === undefined ? undefined : ctx.indexes.attachments.byPathId.get(pathId);
    // A link to a file the sender cannot see claims nothing (the real server ignores it too).
    if (attachment && canAccessAttachment(ctx, sender, attachment)) found.set(attachment.id, attachment);
  }
  return [...found.values()];
}

function setLinks(ctx: Ctx, attachment: AttachmentRecord, messageIds: number[]): AttachmentRecord {
  return ctx.db.patch('attachments', attachment.id, { message_ids: ascending(messageIds) });
}

/** `ids` in ascending order (sorted in place unless they already are: a new message's ID comes last). */
function ascending(ids: number[]): number[] {
  for (let i = 1; i < ids.length; i += 1)
    if ((ids[i] as number) < (ids[i - 1] as number)) return ids.sort((a, b) => a - b);
  return ids;
}

/**
 * Links `message` to `attachments` (the real server's `do_claim_attachments`); the message's
 * SENDER gets `attachment` `update` for each, whoever owns it.
 */
function claim(ctx: Ctx, message: MessageRecord, attachments: readonly AttachmentRecord[], sender: UserRecord): void {
  for (const attachment of attachments) {
    const updated = setLinks(ctx, attachment, [...attachment.message_ids, message.id]);
    emitAttachmentEvent(ctx, 'update', updated, sender.id);
  }
}

/**
 * Links a new message to the uploads its content references: the sender's own, and others'
 * the sender may already see.
 */
export function linkMessageUploads(
  ctx: Ctx,
  message: MessageRecord,
  pathIds: readonly string[],
  sender: UserRecord,
): void {
  claim(ctx, message, linkableUploads(ctx, pathIds, sender), sender);
}

/** Attachments currently linked from message `messageId`. */
function uploadsLinkedFrom(ctx: Pick<Context, 'db' | 'indexes'>, messageId: number): AttachmentRecord[] {
  const ids = ctx.indexes.attachments.byMessageId.get(messageId) ?? [];
  return [...ids].flatMap((id) => ctx.db.get('attachments', id) ?? []);
}

/**
 * After a content edit (the real server's `check_attachment_reference_change`): links the
 * uploads the new content references, as for a new message, and silently unlinks the others.
 * Returns the sender's uploads no message links any more (`detached_uploads`); they are kept
 * until the clean-up of unused uploads.
 */
export function relinkMessageUploads(
  ctx: Ctx,
  message: MessageRecord,
  pathIds: readonly string[],
  sender: UserRecord,
): AttachmentRecord[] {
  // Worked out before any change: a file may be visible to the sender through this very message.
  const wanted = linkableUploads(ctx, pathIds, sender);
  const wantedIds = new Set(wanted.map((a) => a.id));
  const before = uploadsLinkedFrom(ctx, message.id);
  const beforeIds = new Set(before.map((a) => a.id));
  const detached: AttachmentRecord[] = [];
  for (const attachment of before) {
    if (wantedIds.has(attachment.id)) continue;
    const updated = setLinks(
      ctx,
      attachment,
      attachment.message_ids.filter((id) => id !== message.id),
    );
    if (updated.message_ids.length === 0 && updated.owner_id === sender.id) detached.push(updated);
  }
  claim(
    ctx,
    message,
    wanted.filter((a) => !beforeIds.has(a.id)),
    sender,
  );
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
    ctx.files
      .delete(attachment.path_id)
      .catch((error: unknown) =>
        ctx.log.error('could not delete an uploaded file', { path_id: attachment.path_id, error: String(error) }),
      );
  });
  emitAttachmentEvent(ctx, 'remove', attachment);
}

/**
 * After messages are deleted: unlinks them from their uploads without an event (the real
 * server archives the links silently), and deletes each upload whose last linking message
 * went (its owner gets `remove`).
 */
export function releaseMessageUploads(ctx: DeleteCtx, messageIds: readonly number[]): void {
  const gone = new Set(messageIds);
  const affected = new Set(messageIds.flatMap((id) => [...(ctx.indexes.attachments.byMessageId.get(id) ?? [])]));
  for (const id of affected) {
    const attachment = ctx.db.get('attachments', id);
    if (!attachment) continue;
    const remaining = attachment.message_ids.filter((messageId) => !gone.has(messageId));
    if (remaining.length === 0) removeAttachment(ctx, attachment);
    else setLinks(ctx, attachment, remaining);
  }
}
