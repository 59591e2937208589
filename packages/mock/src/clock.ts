/**
 * The mock's clock: frozen by default, so timestamps are the same in every run. It is two
 * clocks, as a server's: the wall clock (`now`, timestamps users see) and a monotonic one
 * (durations: rate-limit windows, queue lifetimes, retries). `advance` is time passing: both
 * move. `set` is the wall clock being set (an NTP step, a changed time zone setting): only the
 * wall clock jumps, back or forward, and durations are not affected.
 */
export interface MockClock {
  /** Milliseconds since the epoch (the wall clock). */
  now(): number;
  /** Milliseconds on the monotonic clock: moved by `advance` (and real time when not frozen), never by `set`. */
  monotonic(): number;
  /** Sets the wall clock (milliseconds or a Date), back or forward; the monotonic clock stays. */
  set(time: number | Date): void;
  /** Moves the time forward by `ms`: both clocks. */
  advance(ms: number): void;
  /**
   * Waits `ms` on this clock: moves it forward by `ms` and resolves at once (rejects with the
   * abort reason when `signal` is aborted). `mock.clientOptions()` gives it to the SDK as its
   * `sleep`, so a retry after a rate limit (`retry-after: 2`) takes no real time and the
   * server sees the two seconds pass.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Options of the mock's clock. */
export interface ClockOptions {
  /** Start time (default 2026-01-05T09:00:00Z). */
  start?: number | Date;
  /** When false, the clock runs with real time from `start` on (default: frozen). */
  frozen?: boolean;
}

/** Default start of the mock's clock. */
export const DEFAULT_START = Date.UTC(2026, 0, 5, 9, 0, 0);

export function createClock(options: ClockOptions = {}): MockClock & { reset(): void } {
  const start = options.start === undefined ? DEFAULT_START : Number(options.start);
  let base = start;
  let realBase = Date.now();
  let monotonicBase = 0;
  const realMonotonicBase = performance.now();
  const frozen = options.frozen ?? true;
  const advance = (ms: number): void => {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`[teamchat-mock] clock.advance(${ms}): pass a non-negative number of milliseconds`);
    base += ms;
    monotonicBase += ms;
  };
  return {
    now: () => (frozen ? base : base + (Date.now() - realBase)),
    monotonic: () => (frozen ? monotonicBase : monotonicBase + (performance.now() - realMonotonicBase)),
    set(time) {
      base = Number(time);
      realBase = Date.now();
    },
    advance,
    sleep(ms, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      advance(Math.max(0, ms));
      return Promise.resolve();
    },
    reset() {
      base = start;
      realBase = Date.now();
    },
  };
}
