import { formatAttachment } from './attachment-events.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /attachments: the caller's own uploads (with the messages linking them, whoever sent
 * those) and the bytes used by every upload of the organization.
 *
 * @see https://zulip.com/api/get-attachments
 */
export function listAttachments(_params: OperationParams<'attachments.list'>, ctx: UserContext) {
  const attachments = [...ctx.db.all('attachments')]
    .filter((record) => record.owner_id === ctx.user.id)
    .sort((a, b) => a.id - b.id)
    .map((record) => formatAttachment(ctx, record));
  return { attachments, upload_space_used: ctx.indexes.attachments.totalSize() };
}
