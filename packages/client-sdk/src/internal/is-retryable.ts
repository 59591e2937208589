import { isApiError } from '@teamchat/schema/wire';
import { isNetworkError } from '../errors/network-error.js';
import { isResponseValidationError } from '../errors/response-validation-error.js';
import { isTimeoutError } from '../errors/timeout-error.js';

/** How a failure may be retried: not at all, after a backoff, or after the server's `retry-after`. */
export type RetryKind = 'none' | 'backoff' | 'rate-limit';

/**
 * Classifies an error: rate limits (429 / `RATE_LIMIT_HIT`) wait for `retry-after`;
 * network errors, timeouts and 5xx answers (envelopes or proxy pages) back off; anything
 * else (4xx, validation, aborts) is final.
 */
export function retryKindOf(error: unknown): RetryKind {
  if (isApiError(error)) {
    if (error.code === 'RATE_LIMIT_HIT' || error.status === 429) return 'rate-limit';
    return error.status >= 500 ? 'backoff' : 'none';
  }
  if (isNetworkError(error) || isTimeoutError(error)) return 'backoff';
  if (isResponseValidationError(error) && error.reason !== 'schema-mismatch') {
    if (error.status === 429) return 'rate-limit';
    return error.status >= 500 ? 'backoff' : 'none';
  }
  return 'none';
}

/** The server's `retry-after` of a rate-limit error, in milliseconds, when it sent one. */
export function retryAfterMs(error: unknown): number | undefined {
  if (!isApiError(error)) return undefined;
  const value = error.extra['retry-after'];
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
}
