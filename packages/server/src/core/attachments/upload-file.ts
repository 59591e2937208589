import { ApiError } from '@teamchat/schema';
import type { AttachmentRecord } from '../model/records/attachments.js';
import { emitAttachmentEvent } from './attachment-events.js';
import { writeWithStoredFile } from './stored-file.js';
import { checkUploadQuota, checkUploadSize } from './upload-limit.js';
import { newPathId } from './upload-path.js';
import { uploadedMediaType } from '../internal/media-types.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /user_uploads: stores the request's one file and records it as an attachment of the
 * caller, unlinked until a message links `/user_uploads/<path_id>`. The bytes are made
 * durable in the file store before the record is committed, and removed again when the
 * transaction is undone, so a record never points at a missing file. When the commit itself
 * could not be made durable the file stays: the journal may still hold the record, and the
 * orphan sweep at the next start removes the file if it does not. The owner gets `attachment`
 * `add`.
 *
 * @see https://zulip.com/api/upload-file
 */
export async function uploadFile(params: OperationParams<'uploads.upload'>, ctx: UserContext<'files' | 'store'>) {
  const file = params.file;
  checkUploadSize(ctx.config, file.size);
  // The real server drops NUL characters from the name it records.
  const name = (file instanceof File ? file.name : 'blob').replace(/\0/g, '');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const pathId = newPathId(ctx.realm.id, name, ctx.random);
  await writeWithStoredFile(ctx, pathId, bytes, (db) => {
    if (!db.get('users', ctx.user.id)?.is_active) throw new ApiError('UNAUTHORIZED', 'Account is deactivated');
    checkUploadQuota(ctx, bytes.length);
    const record: AttachmentRecord = {
      id: db.nextId('attachments'),
      owner_id: ctx.user.id,
      name,
      path_id: pathId,
      content_type: uploadedMediaType(file.type, name),
      size: bytes.length,
      create_time: ctx.now(),
      message_ids: [],
    };
    db.put('attachments', record);
    emitAttachmentEvent({ ...ctx, db }, 'add', record);
  });
  const url = `/user_uploads/${pathId}`;
  return { uri: url, url, filename: name };
}
