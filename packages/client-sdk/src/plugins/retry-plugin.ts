import type { HttpMethod } from '@teamchat/schema';
import type { ClientPlugin, RequestContext } from '../core/plugin.js';
import { backoffDelay, resolveBackoff, type BackoffOptions } from '../internal/backoff.js';
import { retryAfterMs, retryKindOf } from '../internal/is-retryable.js';

/** What `onRetry` learns before each retry. */
export interface RetryInfo {
  /** The failure being retried. */
  readonly error: unknown;
  /** The attempt that failed (1-based). */
  readonly attempt: number;
  /** How long the SDK waits before the next attempt. */
  readonly delayMs: number;
  readonly endpoint: string;
}

/** Options of the retry plugin (`createClient({ retry })`). */
export interface RetryOptions extends BackoffOptions {
  /** Attempts per call, the first included. Default 4. `1` disables retries. */
  maxAttempts?: number | undefined;
  /**
   * Methods retried after network errors, timeouts and 5xx answers. Default: all. A POST
   * that failed mid-flight may have been processed (a message sent), so pass `['GET']` if a
   * duplicate is worse than a failure. Rate-limited requests (429) were not processed and
   * are retried whatever the method.
   */
  methods?: readonly HttpMethod[] | undefined;
  /** Longest `retry-after` the SDK waits for; a longer one fails the call at once. Default 5 minutes. */
  maxRetryAfterMs?: number | undefined;
  /**
   * Decides a retry the policy above allows: return `false` to fail at once. The CLI does not
   * retry a refused connection (`isNetworkError(error) && error.code === 'ECONNREFUSED'`):
   * nothing listens there, and a person waits. Default: retry.
   */
  shouldRetry?: ((info: Omit<RetryInfo, 'delayMs'>) => boolean) | undefined;
  /** Called before each retry (for logging). */
  onRetry?: ((info: RetryInfo) => void) | undefined;
}

/**
 * Retries failed attempts: `RATE_LIMIT_HIT` (429) after the server's `retry-after` (body
 * field or `Retry-After` header), network errors, timeouts and 5xx answers after a capped,
 * jittered exponential backoff. Waiting stops at once when the caller's signal aborts, and
 * the call rejects with the abort reason.
 */
export function retryPlugin(options: RetryOptions = {}): ClientPlugin {
  const backoff = resolveBackoff(options);
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 300_000;
  const methods = new Set<HttpMethod>(options.methods ?? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  return (next) => async (context: RequestContext) => {
    for (let attempt = context.attempt; ; attempt += 1) {
      try {
        return await next({ ...context, attempt });
      } catch (error) {
        if (context.signal?.aborted || attempt >= maxAttempts) throw error;
        const kind = retryKindOf(error);
        if (kind === 'none' || (kind === 'backoff' && !methods.has(context.endpoint.method))) throw error;
        if (options.shouldRetry?.({ error, attempt, endpoint: context.endpoint.name }) === false) throw error;
        const serverDelay = kind === 'rate-limit' ? retryAfterMs(error) : undefined;
        if (serverDelay !== undefined && serverDelay > maxRetryAfterMs) throw error;
        const delayMs = serverDelay ?? backoffDelay(backoff, attempt);
        options.onRetry?.({ error, attempt, delayMs, endpoint: context.endpoint.name });
        await backoff.sleep(delayMs, context.signal);
      }
    }
  };
}
