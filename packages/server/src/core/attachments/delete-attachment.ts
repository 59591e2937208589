import { ApiError } from '@teamchat/schema';
import { removeAttachment } from './link-attachments.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * DELETE /attachments/{attachment_id}: deletes one of the caller's uploads (record and
 * file); someone else's is answered like an unknown one. Messages linking it keep their
 * link, which then leads to "File not found", as on servers before FL 420 (later ones also
 * re-render those messages).
 *
 * @see https://zulip.com/api/remove-attachment
 */
export function deleteAttachment(params: OperationParams<'attachments.delete'>, ctx: UserContext<'files'>) {
  const attachment = ctx.db.get('attachments', params.attachment_id);
  if (!attachment || attachment.owner_id !== ctx.user.id) throw new ApiError('BAD_REQUEST', 'Invalid attachment');
  removeAttachment(ctx, attachment);
  return {};
}
