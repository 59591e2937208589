import type { ServerConfig } from '../config/server-config.js';
import type { RandomBytes } from '../internal/random.js';
import type { DbTx } from './db.js';
import type { RealmRecord } from './records/realm.js';
import type { Indexes } from './indexes.js';

/**
 * What the model's rules read: the request's transaction, the indexes over the store, the
 * organization, the clock, the server's settings and its random source. The per-request
 * context of an operation (`runtime/context.ts`) has all of it.
 */
export interface ModelContext {
  /** Reads and writes of this request (one transaction for mutations). */
  db: DbTx;
  indexes: Indexes;
  realm: RealmRecord;
  /**
   * Milliseconds since the epoch (the wall clock): for the times users see and that outlive the
   * process. Durations run on the operation context's `monotonic` clock (`runtime/context.ts`).
   */
  now: () => number;
  config: ServerConfig;
  random: RandomBytes;
}
