import type { StateBlock } from '../events/state-block.js';
import { DEFAULT_HISTORY_LIMIT_DAYS, fetchPresences } from './fetch-presences.js';

/**
 * The `presence` block of POST /register: `presences` (modern format when the queue
 * registers with `slim_presence`, legacy otherwise) over `presence_history_limit_days`
 * (default 14), `presence_last_update_id` to continue polling from (-1 without rows), and
 * `server_timestamp`.
 *
 * @see https://zulip.com/api/register-queue
 */
export const presenceState: StateBlock = {
  eventTypes: ['presence'],
  fetch(ctx, params) {
    const answer = fetchPresences(ctx, ctx.user, {
      slim: params.slim_presence,
      historyLimitDays: params.presence_history_limit_days ?? DEFAULT_HISTORY_LIMIT_DAYS,
    });
    return {
      presences: answer.presences,
      presence_last_update_id: answer.lastUpdateId,
      server_timestamp: ctx.now() / 1000,
    };
  },
};
