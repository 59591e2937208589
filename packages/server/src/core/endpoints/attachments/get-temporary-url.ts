import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getTemporaryUploadUrl } from '../../attachments/temporary-url.js';

/** GET /user_uploads/{realm_id_str}/{filename}: {@link getTemporaryUploadUrl}. */
export const getTemporaryUploadUrlImpl = implement(endpoints['uploads.getTemporaryUrl'], getTemporaryUploadUrl, { readOnly: true });
