import type { MessageRecord } from '../model/records/messages.js';

/** An event as queued: `type`, `id` and the type's fields. */
export type QueuedEvent = { type: string; id: number } & Record<string, unknown>;

/** How a client registered its queue: what it wants and in which shapes. */
export interface QueueOptions {
  /** Event types to deliver; null = all. */
  eventTypes: readonly string[] | null;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  slimPresence: boolean;
  allPublicStreams: boolean;
  /** `client_capabilities` of POST /register. */
  capabilities: Readonly<Record<string, boolean>>;
  /** Narrow of POST /register (filters `message` events). */
  narrow: readonly unknown[];
  /** Seconds without a poll after which the queue is collected. */
  lifespanSecs: number;
}

/** The blocked GET /events request of a queue, if any. */
interface Waiter {
  wake(): void;
}

/**
 * One client's event queue. Events get increasing IDs starting at 0; a poll acknowledges
 * (and drops) every event up to the `last_event_id` it passes.
 */
export class EventQueue {
  readonly events: QueuedEvent[] = [];
  /**
   * The store's last committed transaction when the queue's initial state was read: events of
   * that transaction and earlier ones are already in the state and are not delivered.
   */
  registeredSeq = 0;
  /** The compiled narrow of POST /register: which messages the queue wants (null: all). */
  messageFilter: ((message: MessageRecord, flags?: number) => boolean) | null = null;
  private nextEventId = 0;
  private waiter: Waiter | null = null;
  /** When the client last registered or polled, on the monotonic clock (milliseconds). */
  lastAccess: number;

  constructor(
    readonly id: string,
    readonly userId: number,
    readonly options: QueueOptions,
    now: number,
  ) {
    this.lastAccess = now;
  }

  /** Whether a GET /events request is blocked on this queue. */
  get waiting(): boolean {
    return this.waiter !== null;
  }

  /** Whether the queue's client asked for events of `type`. */
  wants(type: string): boolean {
    return type === 'heartbeat' || this.options.eventTypes === null || this.options.eventTypes.includes(type);
  }

  /** Whether the client declared `capability` in POST /register. */
  has(capability: string): boolean {
    return this.options.capabilities[capability] === true;
  }

  /** Appends an event (its `id` is assigned here) and wakes a blocked poll. */
  push(event: Record<string, unknown> & { type: string }): QueuedEvent {
    const queued = { ...event, id: this.nextEventId++ };
    this.events.push(queued);
    this.waiter?.wake();
    return queued;
  }

  /** Drops events up to and including `lastEventId`. */
  acknowledge(lastEventId: number): void {
    let drop = 0;
    while (drop < this.events.length && (this.events[drop]?.id ?? Infinity) <= lastEventId) drop += 1;
    if (drop > 0) this.events.splice(0, drop);
  }

  /** Events newer than `lastEventId`. */
  pending(lastEventId: number): QueuedEvent[] {
    return this.events.filter((event) => event.id > lastEventId);
  }

  /**
   * Resolves when an event arrives, after `timeoutMs`, or when `signal` aborts. A newer poll
   * of the same queue replaces (wakes) an older blocked one.
   */
  waitForEvent(timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
    this.waiter?.wake();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        if (this.waiter === waiter) this.waiter = null;
        resolve();
      };
      const waiter: Waiter = { wake: done };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      this.waiter = waiter;
    });
  }

  /** Wakes a blocked poll (used when the queue is deleted). */
  wake(): void {
    this.waiter?.wake();
  }
}
