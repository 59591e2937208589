import type { Context } from '../runtime/context.js';
import type { DbStore } from '../model/db.js';
import type { LinkifierRecord } from '../model/records/realm.js';
import { compileLinkifier, type CompiledLinkifier } from './compile-linkifier.js';

interface CacheEntry {
  compiled: readonly CompiledLinkifier[] | null;
}

const caches = new WeakMap<DbStore, CacheEntry>();

function entryFor(store: DbStore): CacheEntry {
  let entry = caches.get(store);
  if (!entry) {
    const created: CacheEntry = { compiled: null };
    const invalidate = () => {
      created.compiled = null;
    };
    // Any write to the collection (rolled-back ones included) drops the compiled list.
    store.observe('linkifiers', { put: invalidate, delete: invalidate });
    caches.set(store, created);
    entry = created;
  }
  return entry;
}

/** The order in which the real server applies linkifiers: `order`, then ID. */
export function byProcessingOrder(a: LinkifierRecord, b: LinkifierRecord): number {
  return a.order - b.order || a.id - b.id;
}

/**
 * The organization's linkifiers, compiled, in processing order. Compiled once per store and
 * recompiled after the `linkifiers` collection changes; a stored linkifier that no longer
 * compiles is skipped, as on the real server. A new list (a new array) after each change,
 * so callers may key caches on it.
 */
export function realmLinkifiers(ctx: Pick<Context, 'db'>): readonly CompiledLinkifier[] {
  const entry = entryFor(ctx.db.store);
  entry.compiled ??= [...ctx.db.all('linkifiers')].sort(byProcessingOrder).flatMap((record) => {
    try {
      return [compileLinkifier(record.pattern, record.url_template)];
    } catch {
      return [];
    }
  });
  return entry.compiled;
}
