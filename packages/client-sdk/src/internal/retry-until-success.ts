import { backoffDelay, type Backoff } from './backoff.js';
import { retryAfterMs, retryKindOf } from './is-retryable.js';

/** What `onRetry` of the polling helpers learns before waiting. */
export interface PollRetryInfo {
  readonly error: unknown;
  /** Consecutive failures so far. */
  readonly failures: number;
  readonly delayMs: number;
}

/** How many consecutive failures the polling helpers retry by default before giving up (about two minutes of backoff). */
const DEFAULT_MAX_RETRIES = 10;

/**
 * Runs `step` until it succeeds, waiting after each retryable failure (network error,
 * timeout, 5xx: backoff; rate limit: `retry-after`), so that long-running loops (event and
 * presence polling) survive a short outage; after `maxRetries` retries in a row the next
 * failure is thrown, so that a failure that persists (a server gone, a browser blocking the
 * request) reaches the caller. Final errors and aborts are thrown at once.
 */
export async function retryUntilSuccess<T>(
  step: () => Promise<T>,
  options: {
    backoff: Backoff;
    signal: AbortSignal | undefined;
    onRetry: ((info: PollRetryInfo) => void) | undefined;
    maxRetries: number;
  },
): Promise<T> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await step();
    } catch (error) {
      options.signal?.throwIfAborted();
      const kind = retryKindOf(error);
      if (kind === 'none' || failures > options.maxRetries) throw error;
      const delayMs =
        (kind === 'rate-limit' ? retryAfterMs(error) : undefined) ?? backoffDelay(options.backoff, failures);
      options.onRetry?.({ error, failures, delayMs });
      await options.backoff.sleep(delayMs, options.signal);
    }
  }
}

/** `maxRetries` of a polling helper's options, checked: a non-negative integer or `Infinity`. */
export function maxRetriesOption(value: number | undefined, helper: string): number {
  if (value === undefined) return DEFAULT_MAX_RETRIES;
  if (value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && value >= 0)) return value;
  throw new TypeError(
    `[teamchat-sdk] ${helper}: maxRetries must be a non-negative integer or Infinity, got ${String(value)}`,
  );
}
