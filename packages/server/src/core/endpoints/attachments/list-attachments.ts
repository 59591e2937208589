import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listAttachments } from '../../attachments/list-attachments.js';

/** GET /attachments: {@link listAttachments}. */
export const listAttachmentsImpl = implement(endpoints['attachments.list'], listAttachments);
