export { deleteAttachment } from './delete-attachment.js';
export { listAttachments } from './list-attachments.js';
export { uploadFile } from './upload-file.js';
export { getTemporaryUploadUrl } from './get-temporary-url.js';
