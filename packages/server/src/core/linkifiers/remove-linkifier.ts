import { notifyLinkifiers } from './linkifier-list.js';
import { linkifierById } from './update-linkifier.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * DELETE /realm/filters/{filter_id}: deletes a linkifier (`Linkifier not found.` for an unknown
 * ID); the others keep their order. Administrators only.
 *
 * @see https://zulip.com/api/remove-linkifier
 */
export function removeLinkifier(params: OperationParams<'linkifiers.remove'>, ctx: UserContext) {
  const linkifier = linkifierById(ctx, params.filter_id);
  ctx.db.delete('linkifiers', linkifier.id);
  notifyLinkifiers(ctx);
  return {};
}
