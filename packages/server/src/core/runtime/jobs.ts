import type { OutboxRecord } from '../model/records/outbox.js';

/** The outbox runner: runs due jobs after commits, on the server's clock. */
export interface JobQueue {
  /** Looks for due jobs and starts them (after the commit that enqueued them, and with due jobs). */
  kick(): void;
  /** Resolves once no job is running or due (tests wait on it instead of sleeping). */
  idle(): Promise<void>;
  /** A job was committed to the outbox: journals it, and starts it when due. */
  added(job: OutboxRecord): void;
}
