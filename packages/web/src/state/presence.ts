import { client } from '../api/client.js';
import { serverNow } from './permissions.js';
import { current, registered, touch } from './store.js';
import type { Presence } from './types.js';

/** `active` (green), `idle` (orange) or `offline`, from a user's last active and idle times. */
export function presenceOf(presence: Presence | undefined): 'active' | 'idle' | 'offline' {
  if (!presence) return 'offline';
  const threshold = (current().server_presence_offline_threshold_seconds as number | undefined) ?? 140;
  const now = serverNow();
  if ((presence.active_timestamp ?? 0) > now - threshold) return 'active';
  if ((presence.idle_timestamp ?? 0) > now - threshold) return 'idle';
  return 'offline';
}

let timer: ReturnType<typeof setInterval> | undefined;

/**
 * Tells the server the user is here, every `server_presence_ping_interval_seconds` (60 s)
 * while the page is visible, as the real web app does; the answer's presences of everyone
 * join the state (events bring the rest).
 */
export function startPresence(): void {
  const ping = async () => {
    if (!registered.value) return;
    try {
      const answer = (await client.presence.update({
        status: document.visibilityState === 'visible' ? 'active' : 'idle',
        new_user_input: document.visibilityState === 'visible',
        slim_presence: true,
      } as never)) as { presences?: Record<string, Presence> };
      const state = registered.value;
      if (answer.presences && state) {
        for (const [key, value] of Object.entries(answer.presences))
          if (/^\d+$/.test(key)) state.presences[key] = value;
        touch();
      }
    } catch {
      // The banner tells about the connection; presence waits for the next ping.
    }
  };
  clearInterval(timer);
  void ping();
  timer = setInterval(
    () => void ping(),
    ((current().server_presence_ping_interval_seconds as number | undefined) ?? 60) * 1000,
  );
}
