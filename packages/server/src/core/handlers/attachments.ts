import type { AreaHandlers } from '../dispatch/handler.js';
import { deleteAttachment } from '../attachments/delete-attachment.js';
import { listAttachments } from '../attachments/list-attachments.js';
import { getTemporaryUploadUrl } from '../attachments/temporary-url.js';
import { uploadFile } from '../attachments/upload-file.js';

/** The handlers of the `attachments` contracts (schema/src/endpoints/attachments/). */
export const attachmentsHandlers = {
  'attachments.delete': { operation: deleteAttachment },
  'attachments.list': { operation: listAttachments },
  'uploads.getTemporaryUrl': { operation: getTemporaryUploadUrl, readOnly: true },
  'uploads.upload': { operation: uploadFile, ownTransactions: true },
} satisfies AreaHandlers<'attachments'>;
