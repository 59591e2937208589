import type { DbStore, DbTx } from '../model/db.js';

/** The highest update ID handed out per store. */
const sequences = new WeakMap<DbStore, { last: number }>();

/**
 * The next ID of the organization-wide presence sequence. The sequence lives in the store: it
 * is the highest `last_update_id` of the presence rows, tracked by an index that is fed every
 * stored row (after a restart, the replayed ones), so IDs keep growing across restarts. A
 * rolled-back request leaves a gap, which clients never notice (they only compare).
 */
export function nextPresenceUpdateId(db: DbTx): number {
  const store = db.store;
  let sequence = sequences.get(store);
  if (!sequence) {
    const tracked = { last: 0 };
    store.observe('presence', {
      put(row) {
        if (row.last_update_id > tracked.last) tracked.last = row.last_update_id;
      },
      delete() {},
    });
    sequences.set(store, tracked);
    sequence = tracked;
  }
  sequence.last += 1;
  return sequence.last;
}
