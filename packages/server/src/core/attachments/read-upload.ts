import type { AttachmentRecord } from '../model/records/attachments.js';
import type { Context } from '../runtime/context.js';
import { canAccessAttachment } from './attachment-access.js';
import { decodePathId } from './upload-path.js';

/** Types browsers may show in place; everything else is served as a download (no stored XSS). */
const INLINE_TYPES = new Set(['application/pdf', 'image/gif', 'image/jpeg', 'image/png', 'image/webp']);

/** What a request for an uploaded file gets: the file, or why not. */
export type UploadRead =
  | { status: 'not-found' }
  | { status: 'forbidden' }
  | {
      status: 'file';
      /** The file's name, the last part of its path. */
      file_name: string;
      content_type: string;
      size: number;
      /** Shown in place (images, PDF) rather than offered as a download. */
      inline: boolean;
      /** The stored bytes; null when only the record was asked for (HEAD). */
      bytes: Uint8Array | null;
    };

/**
 * An uploaded file for its owner and whoever may read a message linking it (spectators
 * through web-public channels), as the real server's `serve_file` and
 * `validate_attachment_request` decide: unknown files (and paths that name none) are
 * `not-found`, inaccessible ones `forbidden`. Images and PDFs are marked `inline`. With
 * `withBytes` false (HEAD) the answer comes from the record without reading the file.
 * `skipAccessCheck`: the caller has checked access already (a temporary URL).
 *
 * @see https://zulip.com/api/upload-file
 */
export async function readUpload(
  ctx: Context<'files'>,
  encodedPathId: string,
  withBytes: boolean,
  options: { skipAccessCheck?: boolean } = {},
): Promise<UploadRead> {
  const pathId = decodePathId(encodedPathId);
  const attachment: AttachmentRecord | undefined =
    pathId === undefined ? undefined : ctx.indexes.attachments.byPathId.get(pathId);
  if (pathId === undefined || !attachment) return { status: 'not-found' };
  if (!options.skipAccessCheck && !canAccessAttachment(ctx, ctx.user, attachment)) return { status: 'forbidden' };
  const bytes = withBytes ? await ctx.files.get(pathId) : null;
  if (bytes === undefined) return { status: 'not-found' };
  return {
    status: 'file',
    file_name: pathId.slice(pathId.lastIndexOf('/') + 1),
    content_type: attachment.content_type,
    size: bytes?.length ?? attachment.size,
    inline: INLINE_TYPES.has(attachment.content_type),
    bytes,
  };
}
