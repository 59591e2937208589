import type { EndpointInput, Endpoints } from '@teamchat/schema';
import type { Client } from '../../client/create-client.js';

type FlagsForNarrowInput = EndpointInput<Endpoints['messages.updateFlagsForNarrow']>;

/** Options of {@link updateFlagsForNarrowUntilDone}. */
export interface UpdateFlagsForNarrowOptions {
  /** Messages to update (`[]` for all); see https://zulip.com/api/construct-narrow. */
  narrow: FlagsForNarrowInput['narrow'];
  /** Flag name: `read`, `starred`, … */
  flag: FlagsForNarrowInput['flag'];
  op: FlagsForNarrowInput['op'];
  /** Where to start: `oldest` (default), `first_unread`, `newest` or a message ID. */
  anchor?: FlagsForNarrowInput['anchor'] | undefined;
  /** Messages per request (`num_after`); the server caps it at 5000. Default 1000. */
  batchSize?: number | undefined;
  /** Called after every batch. */
  onProgress?: ((progress: FlagsForNarrowProgress) => void | Promise<void>) | undefined;
  signal?: AbortSignal | undefined;
}

/** Progress after one batch (counts are totals so far). */
export interface FlagsForNarrowProgress {
  /** Requests made so far. */
  readonly batches: number;
  readonly processedCount: number;
  readonly updatedCount: number;
  /** Newest message ID of the batch, `null` for an empty one. */
  readonly lastProcessedId: number | null;
  /** Whether this was the last batch. */
  readonly done: boolean;
}

/** Totals of a finished {@link updateFlagsForNarrowUntilDone}. */
export interface FlagsForNarrowResult {
  readonly batches: number;
  readonly processedCount: number;
  readonly updatedCount: number;
  readonly firstProcessedId: number | null;
  readonly lastProcessedId: number | null;
  /** Channels skipped because the caller is not subscribed (`read`/`remove`, feature level 355). */
  readonly ignoredBecauseNotSubscribedChannels: readonly number[];
}

/**
 * Adds or removes a flag on every message of a narrow, in batches: POST
 * /messages/flags/narrow from `anchor`, then again from each batch's `last_processed_id`
 * with `include_anchor: false`, until the server reports `found_newest`.
 *
 * @example
 * const total = await updateFlagsForNarrowUntilDone(client, {
 *   narrow: [{ operator: 'channel', operand: 'design' }],
 *   flag: 'starred', op: 'remove',
 *   onProgress: (p) => console.log(`${p.processedCount} messages so far`),
 * });
 * @see https://zulip.com/api/update-message-flags-for-narrow
 */
export async function updateFlagsForNarrowUntilDone(
  client: Pick<Client, 'request'>,
  options: UpdateFlagsForNarrowOptions,
): Promise<FlagsForNarrowResult> {
  const batchSize = options.batchSize ?? 1000;
  let anchor: FlagsForNarrowInput['anchor'] = options.anchor ?? 'oldest';
  let includeAnchor = true;
  let batches = 0;
  let processedCount = 0;
  let updatedCount = 0;
  let firstProcessedId: number | null = null;
  let lastProcessedId: number | null = null;
  const ignored = new Set<number>();
  for (;;) {
    const batch = await client.request(
      'messages.updateFlagsForNarrow',
      {
        anchor,
        include_anchor: includeAnchor,
        num_before: 0,
        num_after: batchSize,
        narrow: options.narrow,
        op: options.op,
        flag: options.flag,
      },
      { signal: options.signal },
    );
    batches += 1;
    processedCount += batch.processed_count;
    updatedCount += batch.updated_count;
    firstProcessedId ??= batch.first_processed_id;
    for (const id of batch.ignored_because_not_subscribed_channels ?? []) ignored.add(id);
    const done = batch.found_newest || batch.last_processed_id === null;
    if (batch.last_processed_id !== null && lastProcessedId !== null && batch.last_processed_id <= lastProcessedId) {
      // A server that does not move forward would loop forever.
      throw new Error(
        `[teamchat-sdk] updateFlagsForNarrowUntilDone: the range did not advance past message ${lastProcessedId} ` +
          'although found_newest is false; stopping.',
      );
    }
    if (batch.last_processed_id !== null) lastProcessedId = batch.last_processed_id;
    await options.onProgress?.({
      batches,
      processedCount,
      updatedCount,
      lastProcessedId: batch.last_processed_id,
      done,
    });
    if (done) {
      return {
        batches,
        processedCount,
        updatedCount,
        firstProcessedId,
        lastProcessedId,
        ignoredBecauseNotSubscribedChannels: [...ignored],
      };
    }
    anchor = String(batch.last_processed_id);
    includeAnchor = false;
  }
}

/**
 * Marks every unread message of a narrow as read, in batches (the official apps' "mark as
 * read" pattern: anchor `oldest`, narrow restricted to `is:unread`).
 *
 * @example
 * await markNarrowAsRead(client, {
 *   narrow: [{ operator: 'channel', operand: 'design' }, { operator: 'topic', operand: 'logo' }],
 *   onProgress: (p) => console.log(`${p.updatedCount} marked read`),
 * });
 */
export function markNarrowAsRead(
  client: Pick<Client, 'request'>,
  options: Omit<UpdateFlagsForNarrowOptions, 'flag' | 'op' | 'anchor'>,
): Promise<FlagsForNarrowResult> {
  return updateFlagsForNarrowUntilDone(client, {
    ...options,
    narrow: [...options.narrow, { operator: 'is', operand: 'unread' }],
    flag: 'read',
    op: 'add',
    anchor: 'oldest',
  });
}
