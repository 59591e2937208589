import type { Linkifier } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import { activeUserIds, emit } from '../events/emit.js';
import { byProcessingOrder } from '../markdown/realm-linkifiers.js';

/** The organization's linkifiers as the API shows them, in the order they are applied. */
export function linkifierList(ctx: Pick<Context, 'db'>): Linkifier[] {
  return [...ctx.db.all('linkifiers')]
    .sort(byProcessingOrder)
    .map((record) => ({ pattern: record.pattern, url_template: record.url_template, id: record.id }));
}

/**
 * Sends every active user the new list (`realm_linkifiers` event), as the real server does
 * after each change; only queues that declared the `linkifier_url_template` capability get it.
 *
 * @see https://zulip.com/api/get-events
 */
export function notifyLinkifiers(ctx: Pick<Context, 'db' | 'events'>): void {
  const realmLinkifiers = linkifierList(ctx);
  emit(ctx, activeUserIds(ctx), (queue) =>
    queue.has('linkifier_url_template') ? { type: 'realm_linkifiers', realm_linkifiers: realmLinkifiers } : null,
  );
}
