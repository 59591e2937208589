import { ApiError } from '@teamchat/schema';
import { fetchPresences } from './fetch-presences.js';
import { isReportedStatus } from './presence-rules.js';
import { recordPresenceReport } from './record-presence.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /users/me/presence (human users only): stores the caller's report, then answers the
 * organization's presence, or only the bare envelope with `ping_only`.
 *
 * - `last_update_id` (any value) or `slim_presence` selects the modern format keyed by user
 *   ID; otherwise the legacy format keyed by API email.
 * - `presence_last_update_id` is the highest update ID answered; without rows the passed
 *   `last_update_id`, or -1 when none was passed.
 * - The real server applies the caller's report asynchronously, so its answer may not
 *   include it yet. We apply it before answering, so the answer is deterministic and always
 *   reflects the report just made.
 * - `new_user_input` only feeds usage statistics on the real server; it is accepted and has
 *   no effect here.
 *
 * @see https://zulip.com/api/update-presence
 * @see https://zulip.com/api/update-presence
 */
export function updatePresence(params: OperationParams<'presence.update'>, ctx: UserContext) {
  if (!isReportedStatus(params.status)) throw new ApiError('BAD_REQUEST', `Invalid status: ${params.status}`);
  recordPresenceReport(ctx, ctx.user, params.status);
  if (params.ping_only) return {};
  const answer = fetchPresences(ctx, ctx.user, {
    slim: params.slim_presence || params.last_update_id !== undefined,
    lastUpdateId: params.last_update_id,
    historyLimitDays: params.history_limit_days,
  });
  return {
    presences: answer.presences,
    server_timestamp: ctx.now() / 1000,
    presence_last_update_id: answer.lastUpdateId,
  };
}
