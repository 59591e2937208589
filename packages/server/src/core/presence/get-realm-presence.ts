import type { LegacyPresence } from '@teamchat/schema';
import { fetchPresences } from './fetch-presences.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /realm/presence: the organization's presence in the legacy format keyed by API email,
 * over the default 14-day window, with `server_timestamp` (no `presence_last_update_id`).
 * Open to every account, bots included.
 *
 * @see https://zulip.com/api/get-presence
 */
export function getRealmPresence(_params: OperationParams<'presence.getRealm'>, ctx: UserContext) {
  const { presences } = fetchPresences(ctx, ctx.user, { slim: false });
  return { server_timestamp: ctx.now() / 1000, presences: presences as Record<string, LegacyPresence> };
}
