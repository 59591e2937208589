import { ApiError, endpoints } from '@teamchat/schema';
import type { AttachmentRecord } from '../db.js';
import { implement } from '../implement.js';
import { emitAttachmentEvent } from './attachment-events.js';
import { contentTypeOf, newPathId } from './upload-path.js';

const MIB = 1024 * 1024;

/**
 * POST /user_uploads: stores the request's one file and records it as an attachment of the
 * caller, unlinked until a message links `/user_uploads/<path_id>`. The bytes are made
 * durable in the file store before the record is committed, and removed again when the
 * commit fails, so a record never points at a missing file. The owner gets `attachment`
 * `add`.
 *
 * @see shared/reference/users-channels-realm.md §8.4
 */
export const uploadFileImpl = implement(
  endpoints['uploads.upload'],
  async (params, ctx) => {
    const file = params.file;
    const limit = ctx.config.maxFileUploadSizeMib;
    if (file.size > limit * MIB) throw new ApiError('BAD_REQUEST', `Uploaded file is larger than the allowed limit of ${limit} MiB`);
    const name = file instanceof File ? file.name : 'blob';
    const bytes = new Uint8Array(await file.arrayBuffer());
    const pathId = newPathId(ctx.realm.id, name, ctx.random);
    await ctx.files.put(pathId, bytes);
    try {
      await ctx.store.write((db) => {
        if (!db.get('users', ctx.user.id)?.is_active) throw new ApiError('UNAUTHORIZED', 'Account is deactivated');
        const record: AttachmentRecord = {
          id: db.nextId('attachments'),
          owner_id: ctx.user.id,
          name,
          path_id: pathId,
          content_type: contentTypeOf(file.type, name),
          size: bytes.length,
          create_time: ctx.now(),
          message_ids: [],
        };
        db.put('attachments', record);
        emitAttachmentEvent({ ...ctx, db }, 'add', record);
      });
    } catch (error) {
      await ctx.files.delete(pathId).catch(() => undefined);
      throw error;
    }
    const url = `/user_uploads/${pathId}`;
    return { uri: url, url, filename: name };
  },
  // Its own transaction: the file is written before it (outside the write lock) and
  // removed when it fails, which a `prepare` step could not do.
  { ownTransactions: true },
);
