/** The mock's clock: frozen by default, so timestamps are the same in every run. */
export interface MockClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Sets the time (milliseconds or a Date). */
  set(time: number | Date): void;
  /** Moves the time forward by `ms`. */
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
  const frozen = options.frozen ?? true;
  const advance = (ms: number): void => {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`[teamchat-mock] clock.advance(${ms}): pass a non-negative number of milliseconds`);
    base += ms;
  };
  return {
    now: () => (frozen ? base : base + (Date.now() - realBase)),
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
