import { checkLinkifier } from './check-linkifier.js';
import { notifyLinkifiers } from './linkifier-list.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /realm/filters: adds a linkifier after the existing ones (pattern and template
 * stripped, then validated) and answers its ID. Administrators only (contract access).
 *
 * @see https://zulip.com/api/add-linkifier
 */
export function addLinkifier(params: OperationParams<'linkifiers.add'>, ctx: UserContext) {
  const pattern = params.pattern.trim();
  const urlTemplate = params.url_template.trim();
  checkLinkifier(ctx, pattern, urlTemplate);
  let maxOrder: number | null = null;
  for (const other of ctx.db.all('linkifiers')) maxOrder = Math.max(maxOrder ?? other.order, other.order);
  const id = ctx.db.nextId('linkifiers');
  ctx.db.put('linkifiers', { id, pattern, url_template: urlTemplate, order: maxOrder === null ? 0 : maxOrder + 1 });
  notifyLinkifiers(ctx);
  return { id };
}
