import { ApiError } from '@teamchat/schema';
import { notifyLinkifiers } from './linkifier-list.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * PATCH /realm/linkifiers: sets the processing order; the list must name every linkifier
 * exactly once. With no linkifiers (and an empty list) nothing happens and no event is sent.
 *
 * @see https://zulip.com/api/reorder-linkifiers
 */
export function reorderLinkifiers(params: OperationParams<'linkifiers.reorder'>, ctx: UserContext) {
  const ids = params.ordered_linkifier_ids;
  const wanted = new Set(ids);
  if (wanted.size < ids.length)
    throw new ApiError('BAD_REQUEST', 'The ordered list must not contain duplicated linkifiers');
  const existing = [...ctx.db.all('linkifiers')];
  if (existing.length !== wanted.size || existing.some((linkifier) => !wanted.has(linkifier.id))) {
    throw new ApiError('BAD_REQUEST', 'The ordered list must enumerate all existing linkifiers exactly once');
  }
  if (existing.length === 0) return {};
  ids.forEach((id, order) => ctx.db.patch('linkifiers', id, { order }));
  notifyLinkifiers(ctx);
  return {};
}
