import { deleteAttachmentImpl } from './delete-attachment.js';
import { listAttachmentsImpl } from './list-attachments.js';
import { uploadFileImpl } from './upload-file.js';
import { getTemporaryUploadUrlImpl } from './get-temporary-url.js';

/** The handlers of the `attachments` contracts, in the order of the schema's table. */
export const attachments = [
  uploadFileImpl,
  listAttachmentsImpl,
  deleteAttachmentImpl,
  getTemporaryUploadUrlImpl,
] as const;
