import type { ServerConfig } from '../config/server-config.js';
import type { RandomBytes } from '../internal/random.js';
import type { Indexes } from '../model/indexes.js';
import type { EventQueues } from './event-queues.js';
import type { Journal } from './journal.js';
import type { Logger } from './logger.js';
import type { Ports } from './ports.js';
import type { UploadSlots } from './upload-slots.js';

/**
 * The core's services, shared by every request: the indexes, the event queues, the limits,
 * the clocks, and the ports (files, outbound HTTP, jobs, message hooks, the store, the rate limiter). The
 * dispatch, the jobs and the transports use them; an operation gets a narrow context instead
 * (`runtime/context.ts`), with the ports its area declares.
 */
export interface Services extends Ports {
  indexes: Indexes;
  events: EventQueues;
  /** Uploads being received, bounded by `config.maxConcurrentUploads` and `maxConcurrentUploadsPerUser`. */
  uploadSlots: UploadSlots;
  config: ServerConfig;
  /**
   * Milliseconds since the epoch (the wall clock): for the times users see and that outlive the
   * process (message timestamps, scheduled deliveries, expiry dates). With {@link monotonic},
   * the only clocks domain code may use.
   */
  now: () => number;
  /**
   * Milliseconds on a clock that only moves with elapsed time: a wall clock set back an hour or
   * forward a day does not move it. For durations inside this process: rate-limit windows,
   * event-queue lifetimes, retry delays, time budgets. Its values mean nothing outside it.
   */
  monotonic: () => number;
  random: RandomBytes;
  log: Logger;
  /**
   * Runs the jobs due on the server's clock (the clean-up of unused uploads): every API call
   * runs it first (see `runHandler`), so do file downloads, and an idle server from a timer.
   * Cheap when nothing is due, and then synchronous: it answers null rather than a promise
   * (a request need not wait a turn for nothing). Never throws.
   */
  runDueJobs: () => Promise<void> | null;
  /** What happened, for the inspector and the mock (see `Journal`). */
  journal: Journal;
}
