import { ApiError } from '@teamchat/schema';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { LinkifierRecord } from '../model/records/realm.js';
import { checkLinkifier } from './check-linkifier.js';
import { notifyLinkifiers } from './linkifier-list.js';

/** The linkifier `id`, or `BAD_REQUEST` `Linkifier not found.` */
export function linkifierById(ctx: Pick<Context, 'db'>, id: number): LinkifierRecord {
  const linkifier = ctx.db.get('linkifiers', id);
  if (!linkifier) throw new ApiError('BAD_REQUEST', 'Linkifier not found.');
  return linkifier;
}

/**
 * PATCH /realm/filters/{filter_id}: replaces the pattern and template of a linkifier, keeping
 * its place in the order. The linkifier is looked up before the new values are validated.
 *
 * @see https://zulip.com/api/update-linkifier
 */
export function updateLinkifier(params: OperationParams<'linkifiers.update'>, ctx: UserContext) {
  const linkifier = linkifierById(ctx, params.filter_id);
  const pattern = params.pattern.trim();
  const urlTemplate = params.url_template.trim();
  checkLinkifier(ctx, pattern, urlTemplate, linkifier.id);
  ctx.db.patch('linkifiers', linkifier.id, { pattern, url_template: urlTemplate });
  notifyLinkifiers(ctx);
  return {};
}
