import { areaHandlers } from '../dispatch/handler.js';
import { deleteAttachment } from '../attachments/delete-attachment.js';
import { listAttachments } from '../attachments/list-attachments.js';
import { getTemporaryUploadUrl } from '../attachments/temporary-url.js';
import { uploadFile } from '../attachments/upload-file.js';

/**
 * The handlers of the `attachments` contracts (schema/src/endpoints/attachments/); its ports:
 * uploads keep their bytes in the file store and commit once the bytes are written.
 */
export const attachmentsHandlers = areaHandlers(
  'attachments',
  { ports: ['files', 'store'] },
  {
    'attachments.delete': { operation: deleteAttachment },
    'attachments.list': { operation: listAttachments },
    'uploads.getTemporaryUrl': { operation: getTemporaryUploadUrl, readOnly: true },
    'uploads.upload': { operation: uploadFile, ownTransactions: true },
  },
);
