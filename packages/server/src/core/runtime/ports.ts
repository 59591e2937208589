import type { DbStore } from '../model/db.js';
import type { FileStore } from './file-store.js';
import type { JobQueue } from './jobs.js';
import type { MessageHooks } from './message-hooks.js';
import type { HttpSender } from './outbound.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * The services an operation reaches only through a port its area declares: the handler map
 * `core/handlers/<area>.ts` names them (`areaHandlers('attachments', { ports: ['files', …] }, …)`),
 * and its operations' context has them (`UserContext<'files'>`). Without the declaration the
 * compiler refuses `ctx.files`, and at run time the context does not carry it.
 */
export interface Ports {
  /** The bytes of uploaded files, custom emoji and exports (their records are in the store). */
  files: FileStore;
  /** Outbound HTTP: outgoing webhooks, the push bouncer, BigBlueButton. */
  outbound: HttpSender;
  /** The outbox runner: a job enqueued in a transaction starts after its commit. */
  jobs: JobQueue;
  /**
   * What other domains do when a message is stored or read (outgoing webhooks, push
   * notifications): every operation that posts or reads messages declares it, with `jobs`.
   */
  hooks: MessageHooks;
  /**
   * The store itself: for operations that commit their own transactions (`ctx.store.write`,
   * one per batch or after a file is written), and for what reads the store outside the
   * request (event queues' narrow filters).
   */
  store: DbStore;
  /** Request counts per user, address and username (`config.rateLimits`): logins count their attempts. */
  rateLimiter: RateLimiter;
}

/** The name of a port: what an area declares. */
export type PortName = keyof Ports;
