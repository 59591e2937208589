import type { ServerConfig } from '../config/server-config.js';
import type { RandomBytes } from '../internal/random.js';
import type { DbStore } from '../model/db.js';
import type { Indexes } from '../model/indexes.js';
import type { EventQueues } from './event-queues.js';
import type { FileStore } from './file-store.js';
import type { JobQueue } from './jobs.js';
import type { Logger } from './logger.js';
import type { MessageHooks } from './message-hooks.js';
import type { HttpSender } from './outbound.js';
import type { RateLimiter } from './rate-limiter.js';
import type { UploadSlots } from './upload-slots.js';

/** What every request shares: the store, its indexes, the event queues, the clock. */
export interface Services {
  store: DbStore;
  indexes: Indexes;
  events: EventQueues;
  /** Request counts per user, address and username, for `config.rateLimits`. */
  rateLimiter: RateLimiter;
  /** Uploads being received, bounded by `config.maxConcurrentUploads` and `maxConcurrentUploadsPerUser`. */
  uploadSlots: UploadSlots;
  config: ServerConfig;
  /** Milliseconds since the epoch; the only clock domain code may use. */
  now: () => number;
  random: RandomBytes;
  log: Logger;
  /** The bytes of uploaded files (the records are in `store`). */
  files: FileStore;
  /**
   * Runs the jobs due on the server's clock (the clean-up of unused uploads): every API call
   * runs it first (see `runHandler`), so do file downloads, and an idle server from a timer.
   * Cheap when nothing is due, and then synchronous: it answers null rather than a promise
   * (a request need not wait a turn for nothing). Never throws.
   */
  runDueJobs: () => Promise<void> | null;
  /** Sends the outbox's requests (outgoing webhooks, the push bouncer). */
  outbound: HttpSender;
  hooks: MessageHooks;
  jobs: JobQueue;
}
