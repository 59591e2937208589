import { signal } from '@preact/signals';

/** What the banner at the top of the app says about the connection to the server. */
export type Connection =
  | { readonly kind: 'ok' }
  /** Requests fail (network error, 5xx): retrying after `delayMs`. */
  | {
      readonly kind: 'retrying';
      readonly since: number;
      readonly delayMs: number;
      readonly failures: number;
      readonly error: string;
    }
  /** The server lost the event queue (it restarted, or the page slept): registered again and reloaded. */
  | { readonly kind: 'reloaded'; readonly at: number }
  /** The session ended on the server (logged out elsewhere, deactivated). */
  | { readonly kind: 'logged-out' };

export const connection = signal<Connection>({ kind: 'ok' });

let wake: (() => void) | undefined;

/**
 * The backoff's sleep, cut short by {@link retryNow} (the banner's "Retry now" button), so
 * the next attempt goes out at once.
 */
export function interruptibleSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      wake = undefined;
      resolve();
    };
    const onAbort = (): void => {
      clearTimeout(timer);
      wake = undefined;
      reject(signal?.reason);
    };
    const timer = setTimeout(done, ms);
    wake = done;
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Ends the current wait between retries. */
export function retryNow(): void {
  wake?.();
}

/** A request got an answer: the banner about failing requests goes away. */
export function markReachable(): void {
  if (connection.value.kind === 'retrying') connection.value = { kind: 'ok' };
}

/**
 * A request went out while the banner says requests fail: if it has not failed after a
 * moment, the server answers again (a long poll may take a minute to return).
 */
export function markSent(): void {
  const failing = connection.value;
  if (failing.kind !== 'retrying') return;
  setTimeout(() => {
    if (connection.value === failing) connection.value = { kind: 'ok' };
  }, 1500);
}

/** A request got no answer (the network, or the browser offline): the banner says so at once. */
export function markUnreachable(error: string): void {
  if (connection.value.kind === 'retrying') return;
  connection.value = { kind: 'retrying', since: Date.now(), delayMs: 0, failures: 1, error };
}
