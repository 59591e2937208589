import { abortableSleep } from './abortable-sleep.js';

/**
 * Capped, jittered exponential backoff, shared by retries and the polling helpers. `sleep`
 * and `random` are injectable so tests run instantly and deterministically.
 */
export interface BackoffOptions {
  /** Delay before the first retry, before jitter. Default 500 ms. */
  baseDelayMs?: number | undefined;
  /** Upper bound of any delay. Default 30 s. */
  maxDelayMs?: number | undefined;
  /** Waits `ms`, rejecting with the abort reason when `signal` aborts. Default: a timer. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Uniform random number in [0, 1). Default `Math.random`. */
  random?: (() => number) | undefined;
}

/** {@link BackoffOptions} with defaults applied. */
export interface Backoff {
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

/** Applies the defaults of {@link BackoffOptions}. */
export function resolveBackoff(options: BackoffOptions = {}): Backoff {
  return {
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
  };
}

/**
 * The delay before retry number `retry` (1-based): `base · 2^(retry-1)`, capped at
 * `maxDelayMs`, then "equal jitter" (between half and all of it) so that many clients
 * failing together do not retry in lockstep.
 */
export function backoffDelay(backoff: Backoff, retry: number): number {
  const exponential = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exponential / 2 + (backoff.random() * exponential) / 2);
}
