import { fetchMessageWindow, parseNarrow } from '../narrow/index.js';
import { changeFlag, editableFlag } from './update-flags.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/** Most messages one flags/narrow request processes (the real server's `MAX_MESSAGES_PER_UPDATE`). */
export const MAX_MESSAGES_PER_UPDATE = 5000;

/**
 * The range a flags/narrow request may process: `num_before` is cut to
 * `max(5000 - num_after, 2500)`, then `num_after` to `5000 - num_before`, so a request never
 * touches more than 5000 messages and a large `num_after` cannot squeeze `num_before` below 2500.
 */
export function clampFlagRange(numBefore: number, numAfter: number): { numBefore: number; numAfter: number } {
  const before = Math.min(numBefore, Math.max(MAX_MESSAGES_PER_UPDATE - numAfter, MAX_MESSAGES_PER_UPDATE / 2));
  return { numBefore: before, numAfter: Math.min(numAfter, MAX_MESSAGES_PER_UPDATE - before) };
}

/**
 * POST /messages/flags/narrow (FL 155): adds or removes a flag on the range of a narrow that
 * GET /messages would select around the anchor (clamped to 5000 messages), and reports the
 * range so a client can continue from `last_processed_id` until `found_newest`.
 *
 * @see https://zulip.com/api/update-message-flags-for-narrow
 */
export function updateFlagsForNarrow(
  params: OperationParams<'messages.updateFlagsForNarrow'>,
  ctx: UserContext<'hooks' | 'jobs'>,
) {
  const flag = editableFlag(params.flag);
  const parsed = parseNarrow(ctx, ctx.user, params.narrow);
  const { numBefore, numAfter } = clampFlagRange(params.num_before, params.num_after);
  const window = fetchMessageWindow(ctx, ctx.user, parsed, {
    anchor: params.anchor,
    numBefore,
    numAfter,
    includeAnchor: params.include_anchor,
  });
  const { changed, ignoredChannels } = changeFlag(ctx, ctx.user, window.messages, flag, params.op);
  const first = window.messages[0];
  const last = window.messages[window.messages.length - 1];
  return {
    processed_count: window.messages.length,
    updated_count: changed.length,
    first_processed_id: first?.id ?? null,
    last_processed_id: last?.id ?? null,
    found_oldest: window.foundOldest,
    found_newest: window.foundNewest,
    ...(flag === 'read' && params.op === 'remove' ? { ignored_because_not_subscribed_channels: ignoredChannels } : {}),
  };
}
