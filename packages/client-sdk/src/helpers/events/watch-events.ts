import type { EndpointInput, EndpointResult, Endpoints, ServerEvent } from '@teamchat/schema';
import { hasErrorCode, isApiError } from '@teamchat/schema/wire';
import type { Client } from '../../client/create-client.js';
import { backoffDelay, resolveBackoff, type BackoffOptions } from '../../internal/backoff.js';
import { maxRetriesOption, retryUntilSuccess, type PollRetryInfo } from '../../internal/retry-until-success.js';

/** The body of POST /register: the initial state the events continue from. */
export type RegisterState = EndpointResult<Endpoints['events.register']>;

/**
 * An event `watchEvents` yields: any of the API's events but heartbeats (which it drops), a
 * union discriminated by `type` and then `op`:
 *
 * ```ts
 * if (event.type === 'message') console.log(event.message.content); // a Message
 * if (event.type === 'stream' && event.op === 'create') console.log(event.streams.map((s) => s.name));
 * ```
 *
 * A newer server may send types and ops this SDK does not list yet; they are yielded too, so
 * keep a `default` branch in a `switch` over `event.type` and do not assert that it is
 * unreachable. To handle such a type before the SDK knows it, compare `event.type as string`.
 */
export type WatchedEvent = Exclude<ServerEvent, { type: 'heartbeat' }>;

/** Why a queue was registered. */
export type RegisterReason =
  | { readonly reason: 'initial' }
  /** The previous queue expired (`BAD_EVENT_QUEUE_ID`): events may have been lost, reload state. */
  | { readonly reason: 'queue_lost'; readonly lostQueueId: string };

/** Options of {@link watchEvents}. */
export interface WatchEventsOptions {
  /** Parameters of POST /register (`event_types`, `narrow`, `fetch_event_types`, …). */
  register?: EndpointInput<Endpoints['events.register']> | undefined;
  /** Stops watching: the iteration ends without an error and the queue is deleted. */
  signal?: AbortSignal | undefined;
  /**
   * Called with the state of every queue registered, before its events are yielded: once
   * with `reason: 'initial'`, then with `reason: 'queue_lost'` after the server dropped the
   * queue (`BAD_EVENT_QUEUE_ID`) and a new one was registered. Events between the two
   * queues may have been lost, so rebuild your state from `state`. Default: a
   * `console.warn` when a queue was lost.
   */
  onRegister?: ((state: RegisterState, info: RegisterReason) => void | Promise<void>) | undefined;
  /** Called before waiting after a failed register or poll (network errors, 5xx, rate limits). */
  onRetry?: ((info: PollRetryInfo) => void) | undefined;
  /**
   * Failed registers or polls in a row that are retried; the next failure ends the loop
   * with that error (a `NetworkError` while the server stays unreachable). Default 10
   * (about two minutes with the default backoff); `Infinity` retries forever.
   */
  maxRetries?: number | undefined;
  /** Backoff after failures. Inject `sleep`/`random` in tests. */
  backoff?: BackoffOptions | undefined;
  /** Time limit of each long poll; above the server's heartbeat interval (~55 s). Default 120 000 ms. */
  pollTimeoutMs?: number | undefined;
  /** Time limit for deleting the queue on stop. Default 5 000 ms. */
  deleteTimeoutMs?: number | undefined;
}

const warnQueueLost = (_state: RegisterState, info: RegisterReason): void => {
  if (info.reason === 'queue_lost') {
    console.warn(
      `[teamchat-sdk] watchEvents: event queue ${info.lostQueueId} expired (BAD_EVENT_QUEUE_ID) and was replaced; ` +
        'events in between may have been lost. Pass onRegister to reload your state from the new queue.',
    );
  }
};

/**
 * Watches the real-time event stream: registers a queue, long-polls it with
 * `last_event_id`, drops heartbeats and yields every other event in order. Polls again at
 * once after a success; backs off after network errors, timeouts, 5xx and rate limits, and
 * after `maxRetries` failures in a row (default 10) rejects with the last one; re-registers when the server lost the queue (`BAD_EVENT_QUEUE_ID`) and tells
 * `onRegister`. Aborting `signal` or leaving the loop deletes the queue.
 *
 * @example
 * const controller = new AbortController();
 * for await (const event of watchEvents(client, {
 *   register: { event_types: ['message'] },
 *   signal: controller.signal,
 *   onRegister: (state, info) => console.log(info.reason, 'queue', state.queue_id),
 * })) {
 *   if (event.type === 'message') console.log(event.message.content);
 * }
 */
export async function* watchEvents(
  client: Pick<Client, 'request'>,
  options: WatchEventsOptions = {},
): AsyncGenerator<WatchedEvent, void, undefined> {
  const { signal } = options;
  const backoff = resolveBackoff(options.backoff);
  const retry = {
    backoff,
    signal,
    onRetry: options.onRetry,
    maxRetries: maxRetriesOption(options.maxRetries, 'watchEvents'),
  };
  const onRegister = options.onRegister ?? warnQueueLost;
  let queue: { id: string; lastEventId: number; polled: boolean } | undefined;
  let lostQueueId: string | undefined;
  let unpolledLosses = 0;
  try {
    for (;;) {
      if (!queue) {
        const state = await retryUntilSuccess(
          () => client.request('events.register', options.register ?? {}, { signal }),
          retry,
        );
        if (typeof state.queue_id !== 'string') {
          throw new Error(
            '[teamchat-sdk] watchEvents: the server registered no event queue (queue_id is null); log in to watch events.',
          );
        }
        queue = { id: state.queue_id, lastEventId: state.last_event_id, polled: false };
        await onRegister(
          state,
          lostQueueId === undefined ? { reason: 'initial' } : { reason: 'queue_lost', lostQueueId },
        );
        lostQueueId = undefined;
      }
      const current = queue;
      let events: readonly ServerEvent[];
      try {
        ({ events } = await retryUntilSuccess(
          () =>
            client.request(
              'events.get',
              { queue_id: current.id, last_event_id: current.lastEventId },
              { signal, timeoutMs: options.pollTimeoutMs ?? 120_000 },
            ),
          retry,
        ));
      } catch (error) {
        if (!isQueueLost(error)) throw error;
        // The server garbage-collected the queue: start over from a fresh one. A queue
        // lost before its first successful poll means a confused server: do not spin.
        lostQueueId = current.id;
        queue = undefined;
        if (!current.polled) await backoff.sleep(backoffDelay(backoff, ++unpolledLosses), signal);
        continue;
      }
      current.polled = true;
      unpolledLosses = 0;
      for (const event of events) {
        current.lastEventId = Math.max(current.lastEventId, event.id);
        if (event.type === 'heartbeat') continue;
        yield event;
        signal?.throwIfAborted();
      }
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  } finally {
    if (queue) await deleteQueueQuietly(client, queue.id, options.deleteTimeoutMs ?? 5_000);
  }
}

/** `BAD_EVENT_QUEUE_ID`, or the message old servers sent without a code (as the Python client checks). */
function isQueueLost(error: unknown): boolean {
  return (
    hasErrorCode(error, 'BAD_EVENT_QUEUE_ID') ||
    (isApiError(error) && error.msg.toLowerCase().startsWith('bad event queue id'))
  );
}

/** Best effort: an unreachable server drops the queue by itself after its idle timeout. */
async function deleteQueueQuietly(client: Pick<Client, 'request'>, queueId: string, timeoutMs: number): Promise<void> {
  try {
    await client.request('events.deleteQueue', { queue_id: queueId }, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    // Ignored on purpose, see above.
  }
}
