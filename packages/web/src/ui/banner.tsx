import { useEffect, useState } from 'preact/hooks';
import { client } from '../api/client.js';
import { connection, retryNow } from '../state/connection.js';
import { goToLogin } from '../state/event-loop.js';

/** The line at the top that says what happened to the connection: retrying, reloaded, logged out. */
export function ConnectionBanner() {
  const state = connection.value;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (state.kind !== 'retrying') return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);
  useEffect(() => {
    if (state.kind !== 'reloaded') return;
    const timer = setTimeout(() => connection.value.kind === 'reloaded' && (connection.value = { kind: 'ok' }), 15_000);
    return () => clearTimeout(timer);
  }, [state]);

  if (state.kind === 'ok') return null;
  if (state.kind === 'retrying') {
    const left = Math.max(0, Math.ceil((state.since + state.delayMs - Date.now()) / 1000));
    return (
      <div class="banner banner-error" role="alert" data-banner="offline">
        <span>
          Cannot reach the server ({state.error}). {left > 0 ? `Retrying in ${left} s…` : 'Retrying…'}
        </span>
        <button
          type="button"
          class="button"
          onClick={() => {
            retryNow();
            // A quick request: its answer clears the banner even while the long poll still waits.
            void client.server.getSettings().catch(() => {});
          }}
        >
          Retry now
        </button>
      </div>
    );
  }
  if (state.kind === 'reloaded') {
    return (
      <div class="banner banner-info" role="status" data-banner="reloaded">
        <span>
          Reconnected: the server had lost this page's event queue (it restarted?), so the page registered again and
          reloaded its data.
        </span>
        <button type="button" class="button" onClick={() => (connection.value = { kind: 'ok' })}>
          Dismiss
        </button>
      </div>
    );
  }
  return (
    <div class="banner banner-error" role="alert" data-banner="logged-out">
      <span>Your session has ended.</span>
      <button type="button" class="button" onClick={goToLogin}>
        Log in again
      </button>
    </div>
  );
}
