import type { EndpointResult, Endpoints } from '@teamchat/schema';
import type { Client } from '../../client/create-client.js';
import { resolveBackoff, type BackoffOptions } from '../../internal/backoff.js';
import { maxRetriesOption, retryUntilSuccess, type PollRetryInfo } from '../../internal/retry-until-success.js';

type PresenceResult = EndpointResult<Endpoints['presence.update']>;

/** One user's presence entry, keyed by user ID in {@link PresenceUpdate}. */
export type PresenceEntry = NonNullable<PresenceResult['presences']>[string];

/** The caller's own status: `active` while the user is using the device. */
export type OwnPresenceStatus = 'active' | 'idle';

/** Options of {@link watchPresence}. */
export interface WatchPresenceOptions {
  /** Status reported with each poll, or a function read before each poll. Default `active`. */
  status?: (OwnPresenceStatus | (() => OwnPresenceStatus)) | undefined;
  /** Pause between polls; use the register state's `server_presence_ping_interval_seconds`. Default 60 000 ms. */
  intervalMs?: number | undefined;
  /** Stops polling; the iteration ends without an error. */
  signal?: AbortSignal | undefined;
  /** Called before waiting after a failed poll. */
  onRetry?: ((info: PollRetryInfo) => void) | undefined;
  /**
   * Failed polls in a row that are retried; the next failure ends the loop with that error.
   * Default 10; `Infinity` retries forever.
   */
  maxRetries?: number | undefined;
  /** Backoff after failures; also provides the `sleep` between polls. */
  backoff?: BackoffOptions | undefined;
}

/** What one poll brought. */
export interface PresenceUpdate {
  /** Every user's latest entry seen so far, keyed by user ID. */
  readonly presences: Readonly<Record<string, PresenceEntry>>;
  /** Entries that came with this poll (all of them on the first). */
  readonly changed: Readonly<Record<string, PresenceEntry>>;
  /** `presence_last_update_id` to continue from. */
  readonly lastUpdateId: number;
  /** Server time of the answer, in seconds. */
  readonly serverTimestamp: number | undefined;
  /** Polls made so far. */
  readonly polls: number;
}

/**
 * Reports the caller's presence and follows everyone else's: POST /users/me/presence with
 * `last_update_id` (-1 first, then the last `presence_last_update_id`), so each answer holds
 * only what changed; yields the merged map after every poll. Needs feature level 263.
 *
 * @example
 * const controller = new AbortController();
 * for await (const update of watchPresence(client, { signal: controller.signal })) {
 *   console.log(`${Object.keys(update.changed).length} users changed`);
 * }
 * @see https://zulip.com/api/update-presence
 */
export async function* watchPresence(
  client: Pick<Client, 'request'>,
  options: WatchPresenceOptions = {},
): AsyncGenerator<PresenceUpdate, void, undefined> {
  const { signal } = options;
  const backoff = resolveBackoff(options.backoff);
  const retry = {
    backoff,
    signal,
    onRetry: options.onRetry,
    maxRetries: maxRetriesOption(options.maxRetries, 'watchPresence'),
  };
  const presences: Record<string, PresenceEntry> = {};
  let lastUpdateId = -1;
  try {
    for (let polls = 1; ; polls += 1) {
      const status = typeof options.status === 'function' ? options.status() : (options.status ?? 'active');
      const result = await retryUntilSuccess(
        () => client.request('presence.update', { status, last_update_id: lastUpdateId }, { signal }),
        retry,
      );
      const changed = result.presences ?? {};
      Object.assign(presences, changed);
      lastUpdateId = result.presence_last_update_id ?? lastUpdateId;
      yield { presences: { ...presences }, changed, lastUpdateId, serverTimestamp: result.server_timestamp, polls };
      await backoff.sleep(options.intervalMs ?? 60_000, signal);
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
}
