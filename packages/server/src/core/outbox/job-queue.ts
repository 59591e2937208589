import type { Context } from '../runtime/context.js';
import type { JobQueue } from '../runtime/jobs.js';
import { journalingSender } from '../runtime/journaling-sender.js';
import type { Services } from '../runtime/services.js';
import type { OutboxRecord } from '../model/records/outbox.js';

/** The context a job's outcome is applied in: the services and the transaction that records it. */
export type OutcomeContext = Services & Pick<Context, 'db' | 'realm'>;

/** What came of one attempt of a job. */
export interface JobOutcome {
  /** `retry`: try again unless the retries are used up (then it is a failure). */
  outcome: 'delivered' | 'failed' | 'retry';
  status?: number | null;
  error?: string | null;
  /**
   * Applied in the transaction that records the outcome (replies, events). `final` is true
   * when the job is finished (delivered, failed, or a retry that gave up).
   */
  apply?: (ctx: OutcomeContext, final: boolean) => void;
}

/** How one kind of job runs. */
export interface JobRunner {
  /** Jobs of one lane run one at a time, oldest first; lanes run side by side. */
  lane: string;
  maxRetries(services: Services): number;
  retryDelayMs(services: Services, attempts: number): number;
  /** The job's I/O (through `services.outbound`); never writes the store. */
  run(services: Services, job: OutboxRecord): Promise<JobOutcome>;
}

/**
 * The outbox runner. Jobs are records of the `outbox` collection, written in the transaction
 * that decided them (so a restart finds them); after the commit the runner takes the due ones
 * (`next_attempt_at` on the server's clock), runs them lane by lane, and records each outcome
 * in a transaction of its own: finished, or pending again with one more attempt and its next
 * time. A job that was running when the process died is simply run again at the next start.
 */
export function createJobQueue(
  services: Services,
  runners: Readonly<Record<OutboxRecord['kind'], JobRunner>>,
): JobQueue {
  const busyLanes = new Set<string>();
  const active = new Set<Promise<void>>();
  /**
   * When each pending job's next attempt is due, on the monotonic clock: a retry waits its
   * delay however the wall clock is set meanwhile. A job this process did not schedule (left by
   * the last run) waits what `next_attempt_at` still says, at most the delay it was given.
   */
  const deadlines = new Map<number, number>();
  const dueAt = (job: OutboxRecord, wall: number, now: number): number => {
    let deadline = deadlines.get(job.id);
    if (deadline === undefined) {
      const given = job.last_attempt_at === null ? 0 : job.next_attempt_at - job.last_attempt_at;
      deadline = now + Math.max(0, Math.min(job.next_attempt_at - wall, given));
      deadlines.set(job.id, deadline);
    }
    return deadline;
  };

  // The pending jobs, oldest first, kept in step with the store: every request looks at these
  // alone, not at the finished ones the outbox keeps (`outboxHistory`).
  const pending = new Set<number>();
  services.store.observe('outbox', {
    put: (job) => (job.status === 'pending' ? pending.add(job.id) : pending.delete(job.id)),
    delete: (job) => pending.delete(job.id),
  });

  const dueJobs = (): OutboxRecord[] => {
    const due: OutboxRecord[] = [];
    if (pending.size === 0) return due;
    const wall = services.now();
    const now = services.monotonic();
    for (const id of pending) {
      const job = services.store.get('outbox', id);
      if (job?.status === 'pending' && dueAt(job, wall, now) <= now) due.push(job);
    }
    return due;
  };

  const record = async (job: OutboxRecord, result: JobOutcome, runner: JobRunner): Promise<void> => {
    await services.store.write((db) => {
      const current = db.get('outbox', job.id);
      const realm = db.get('realm', 1);
      if (!current || current.status !== 'pending' || !realm) return;
      const now = services.now();
      const attempts = current.attempts + 1;
      const retry = result.outcome === 'retry' && attempts <= runner.maxRetries(services);
      const status = retry ? 'pending' : result.outcome === 'delivered' ? 'delivered' : 'failed';
      const delay = retry ? runner.retryDelayMs(services, attempts) : 0;
      db.onCommit(() => {
        if (retry) deadlines.set(job.id, services.monotonic() + delay);
        else deadlines.delete(job.id);
      });
      db.patch('outbox', job.id, {
        status,
        attempts,
        last_attempt_at: now,
        last_status: result.status ?? null,
        last_error: result.error ?? null,
        next_attempt_at: retry ? now + delay : current.next_attempt_at,
        finished_at: retry ? null : now,
      });
      result.apply?.({ ...services, db, realm }, !retry);
      if (!retry) pruneHistory({ ...services, db });
    });
    const updated = services.store.get('outbox', job.id);
    if (updated) services.journal.job(updated);
  };

  const runLane = async (lane: string, runner: JobRunner): Promise<void> => {
    try {
      for (;;) {
        const job = dueJobs().find((candidate) => runners[candidate.kind].lane === lane);
        if (!job || services.store.failed || services.store.unavailable) return;
        let result: JobOutcome;
        try {
          result = await runner.run(journaled(services, job), job);
        } catch (error) {
          result = { outcome: 'failed', error: error instanceof Error ? error.message : String(error) };
          services.log.error('an outbox job failed unexpectedly', { job: job.id, kind: job.kind, error: result.error });
        }
        await record(job, result, runner);
      }
    } catch (error) {
      // The store refused the write (shutting down, or a failed disk): the job stays pending.
      services.log.error('could not record the outcome of an outbox job; it stays pending', {
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      busyLanes.delete(lane);
    }
  };

  const kick = (): void => {
    if (services.store.failed || services.store.unavailable) return;
    for (const job of dueJobs()) {
      const runner = runners[job.kind];
      if (busyLanes.has(runner.lane)) continue;
      busyLanes.add(runner.lane);
      const running = runLane(runner.lane, runner).finally(() => {
        active.delete(running);
        // Jobs that became due while the lane ran (or its own retries) start now.
        kick();
      });
      active.add(running);
    }
  };

  return {
    kick,
    async idle() {
      while (active.size > 0) await Promise.allSettled([...active]);
    },
    added(job) {
      services.journal.job(job);
      kick();
    },
  };
}

/** The services a job runs with: while the journal records, what it sends is journaled. */
function journaled(services: Services, job: OutboxRecord): Services {
  return services.journal.recording ? { ...services, outbound: journalingSender(services, { job }) } : services;
}

/** Keeps the newest `outboxHistory` finished jobs; pending ones always stay. */
function pruneHistory(ctx: Pick<OutcomeContext, 'db' | 'config'>): void {
  const finished: number[] = [];
  for (const job of ctx.db.all('outbox')) if (job.status !== 'pending') finished.push(job.id);
  const excess = finished.length - ctx.config.outboxHistory;
  if (excess <= 0) return;
  finished.sort((a, b) => a - b);
  for (const id of finished.slice(0, excess)) ctx.db.delete('outbox', id);
}

/** What a new job is made of. */
export interface NewJob {
  kind: OutboxRecord['kind'];
  userId: number;
  payload: Record<string, unknown>;
}

/** Adds a job to the outbox in the current transaction; the runner starts it after the commit. */
export function enqueueJob(ctx: Pick<Context<'jobs'>, 'db' | 'now' | 'jobs'>, job: NewJob): OutboxRecord {
  const now = ctx.now();
  const record = ctx.db.put('outbox', {
    id: ctx.db.nextId('outbox'),
    kind: job.kind,
    status: 'pending',
    user_id: job.userId,
    created_at: now,
    next_attempt_at: now,
    attempts: 0,
    last_attempt_at: null,
    last_status: null,
    last_error: null,
    finished_at: null,
    payload: job.payload,
  });
  ctx.db.onCommit(() => ctx.jobs.added(record));
  return record;
}
