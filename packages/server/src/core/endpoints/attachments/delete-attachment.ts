import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deleteAttachment } from '../../attachments/delete-attachment.js';

/** DELETE /attachments/{attachment_id}: {@link deleteAttachment}. */
export const deleteAttachmentImpl = implement(endpoints['attachments.delete'], deleteAttachment);
