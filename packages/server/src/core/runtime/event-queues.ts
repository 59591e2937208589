import { ApiError } from '@teamchat/schema';
import { EventQueue, type QueueOptions, type QueuedEvent } from './event-queue.js';
import type { Journal } from './journal.js';
import { rateLimited } from './rate-limiter.js';

/** Timing of the event system, read at each use (so a test or the mock can change it). */
export interface EventQueuesOptions {
  /** Wall clock in milliseconds (the context's `now`): only for the queue IDs, as the real server's. */
  now: () => number;
  /** Monotonic clock in milliseconds (the context's `monotonic`): lifetimes without polls run on it. */
  monotonic: () => number;
  /**
   * The server settings: `heartbeatMs` (GET /events waits this long before a heartbeat; the real
   * server 45–55 s), `queueLifespanSecs` (lifetime without polls; the real server 10 minutes),
   * and the bounds `maxQueuesPerUser`, `maxQueuedEvents`, `maxLongPollsPerUser`.
   */
  config: {
    readonly heartbeatMs: number;
    readonly queueLifespanSecs: number;
    readonly maxQueuesPerUser: number;
    readonly maxQueuedEvents: number;
    readonly maxLongPollsPerUser: number;
  };
  /** Where the events each queue gets, and their fetching, are journaled (none: nowhere). */
  journal?: Pick<Journal, 'event' | 'fetched'>;
}

const MAX_LIFESPAN_SECS = 7 * 24 * 3600;

/** What an event looks like for one queue (content follows `apply_markdown`, …); null to skip it. */
export type EventForQueue = (queue: EventQueue) => (Record<string, unknown> & { type: string }) | null;

/**
 * The event queues of the server: registered by POST /register, read by GET /events,
 * deleted by DELETE /events or after their lifetime without polls. Queues live in memory
 * only: after a restart clients get `BAD_EVENT_QUEUE_ID` and register again, as with the
 * real server.
 */
export class EventQueues {
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  private counter = 0;

  constructor(private readonly options: EventQueuesOptions) {}

  /** Number of live queues. */
  get size(): number {
    return this.queues.size;
  }

  /**
   * Whether any queue exists (expired ones included, until collected). Without one, an event
   * of a write in progress has nobody to reach: a queue registered later has the write in its
   * initial state. Lets writes skip shaping events nobody would get.
   */
  get listening(): boolean {
    return this.queues.size > 0;
  }

  /**
   * Creates a queue for `userId`. A user at `maxQueuesPerUser` loses the queue polled longest
   * ago, garbage-collected as an expired one (its next poll gets `BAD_EVENT_QUEUE_ID`).
   */
  register(
    userId: number,
    options: Omit<QueueOptions, 'lifespanSecs'> & { lifespanSecs?: number | undefined },
  ): EventQueue {
    const now = this.options.monotonic();
    this.collect(now);
    const own = [...(this.byUser.get(userId) ?? [])].sort((a, b) => a.lastAccess - b.lastAccess);
    for (const queue of own.slice(0, Math.max(0, own.length - this.options.config.maxQueuesPerUser + 1)))
      this.remove(queue);
    this.counter += 1;
    const id = `${Math.floor(this.options.now() / 1000)}:${this.counter}`;
    const lifespanSecs = Math.min(options.lifespanSecs ?? this.options.config.queueLifespanSecs, MAX_LIFESPAN_SECS);
    const queue = new EventQueue(id, userId, { ...options, lifespanSecs }, now);
    this.queues.set(id, queue);
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(queue);
    return queue;
  }

  /** The queue `queueId` of `userId`, or `BAD_EVENT_QUEUE_ID`. */
  get(queueId: string, userId: number): EventQueue {
    const now = this.options.monotonic();
    const queue = this.queues.get(queueId);
    if (!queue || queue.userId !== userId || this.expired(queue, now)) {
      if (queue && this.expired(queue, now)) this.remove(queue);
      throw new ApiError('BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, { extra: { queue_id: queueId } });
    }
    queue.lastAccess = now;
    return queue;
  }

  /** Deletes the queue `queueId` of `userId`. */
  delete(queueId: string, userId: number): void {
    this.remove(this.get(queueId, userId));
  }

  /** Drops queue `queueId` (or every queue), as when queues time out: polls then get `BAD_EVENT_QUEUE_ID`. */
  expire(queueId?: string): void {
    const doomed =
      queueId === undefined ? [...this.queues.values()] : [this.queues.get(queueId)].filter((q) => q !== undefined);
    for (const queue of doomed) this.remove(queue);
  }

  /** Deletes every queue of `userId` (deactivation). */
  deleteAllOf(userId: number): void {
    for (const queue of [...(this.byUser.get(userId) ?? [])]) this.remove(queue);
  }

  /** Every live queue that satisfies `predicate`. */
  find(predicate: (queue: EventQueue) => boolean): EventQueue[] {
    return [...this.queues.values()].filter(predicate);
  }

  /** Queues of `userId`. */
  queuesOf(userId: number): Iterable<EventQueue> {
    return this.byUser.get(userId) ?? [];
  }

  /**
   * Delivers an event to every queue of `userIds` that wants its type. `event` may be a
   * function that shapes the event per queue. `seq` is the transaction the event comes from.
   */
  publish(
    userIds: Iterable<number>,
    event: (Record<string, unknown> & { type: string }) | EventForQueue,
    seq = Infinity,
  ): void {
    for (const userId of userIds) {
      for (const queue of this.byUser.get(userId) ?? []) {
        // A queue registered after transaction `seq` committed has its effect in its state.
        if (queue.registeredSeq >= seq) continue;
        const shaped = typeof event === 'function' ? event(queue) : event;
        if (!shaped || !queue.wants(shaped.type)) continue;
        const queued = queue.push(shaped);
        this.options.journal?.event(queue.id, queue.userId, queued);
        // A client that stopped polling must not make the server hold events without end: its
        // queue goes, and the client registers a new one after `BAD_EVENT_QUEUE_ID`.
        if (queue.events.length > this.options.config.maxQueuedEvents) this.remove(queue);
      }
    }
  }

  /**
   * GET /events: acknowledges events up to `lastEventId`, then answers the newer ones, waiting
   * for one (or a heartbeat after `heartbeatMs`) unless `dontBlock`.
   */
  async poll(
    queue: EventQueue,
    lastEventId: number | undefined,
    dontBlock: boolean,
    signal?: AbortSignal,
  ): Promise<QueuedEvent[]> {
    const after = lastEventId ?? -1;
    if (lastEventId !== undefined) queue.acknowledge(lastEventId);
    let events = queue.pending(after);
    if (events.length > 0 || dontBlock) return this.fetched(queue, events);
    // A poll of a queue that has one waiting replaces it; any other counts against the user.
    const { maxLongPollsPerUser } = this.options.config;
    if (!queue.waiting && this.waitingPolls(queue.userId) >= maxLongPollsPerUser) {
      throw rateLimited(
        1,
        `Too many GET /events requests are waiting for this user at once (limit: ${maxLongPollsPerUser})`,
      );
    }
    await queue.waitForEvent(this.options.config.heartbeatMs, signal);
    queue.lastAccess = this.options.monotonic();
    events = queue.pending(after);
    if (events.length === 0 && !signal?.aborted && this.queues.has(queue.id)) {
      queue.push({ type: 'heartbeat' });
      events = queue.pending(after);
    }
    return this.fetched(queue, events);
  }

  /** `events`, journaled as fetched by a poll of `queue`. */
  private fetched(queue: EventQueue, events: QueuedEvent[]): QueuedEvent[] {
    if (events.length > 0) this.options.journal?.fetched(queue.id, events);
    return events;
  }

  /** Blocked GET /events requests of `userId`. */
  private waitingPolls(userId: number): number {
    let count = 0;
    for (const queue of this.byUser.get(userId) ?? []) if (queue.waiting) count += 1;
    return count;
  }

  private expired(queue: EventQueue, now: number): boolean {
    return now - queue.lastAccess > queue.options.lifespanSecs * 1000;
  }

  /** Drops queues whose lifetime without polls has passed. */
  collect(now = this.options.monotonic()): void {
    for (const queue of this.queues.values()) if (this.expired(queue, now)) this.remove(queue);
  }

  private remove(queue: EventQueue): void {
    this.queues.delete(queue.id);
    this.byUser.get(queue.userId)?.delete(queue);
    queue.wake();
  }
}

export type { EventQueue, QueueOptions, QueuedEvent };
