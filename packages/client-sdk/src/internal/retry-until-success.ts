import { backoffDelay, type Backoff } from './backoff.js';
import { retryAfterMs, retryKindOf } from './is-retryable.js';

/** What `onRetry` of the polling helpers learns before waiting. */
export interface PollRetryInfo {
  readonly error: unknown;
  /** Consecutive failures so far. */
  readonly failures: number;
  readonly delayMs: number;
}

/**
 * Runs `step` until it succeeds, waiting after each retryable failure (network error,
 * timeout, 5xx: backoff; rate limit: `retry-after`) with no limit on the number of tries:
 * long-running loops (event and presence polling) should survive an outage. Final errors
 * and aborts are thrown.
 */
export async function retryUntilSuccess<T>(
  step: () => Promise<T>,
  options: { backoff: Backoff; signal: AbortSignal | undefined; onRetry: ((info: PollRetryInfo) => void) | undefined },
): Promise<T> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await step();
    } catch (error) {
      options.signal?.throwIfAborted();
      const kind = retryKindOf(error);
      if (kind === 'none') throw error;
      const delayMs = (kind === 'rate-limit' ? retryAfterMs(error) : undefined) ?? backoffDelay(options.backoff, failures);
      options.onRetry?.({ error, failures, delayMs });
      await options.backoff.sleep(delayMs, options.signal);
    }
  }
}
