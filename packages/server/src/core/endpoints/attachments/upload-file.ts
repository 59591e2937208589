import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { uploadFile } from '../../attachments/upload-file.js';

/** POST /user_uploads: {@link uploadFile}. */
export const uploadFileImpl = implement(endpoints['uploads.upload'], uploadFile, { ownTransactions: true });
