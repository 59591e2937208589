import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { emitPresenceChange } from './presence-events.js';
import type { PresenceRecord } from '../model/records/presence.js';
import { applyPresenceReport, type ReportedStatus } from './presence-rules.js';
import { nextPresenceUpdateId } from './presence-sequence.js';
import { recordsPresence } from './presence-visibility.js';

/**
 * Stores a presence report of `user` made now: moves the times by the rules of
 * {@link applyPresenceReport}, gives a changed row the next update ID, and sends a `presence`
 * event when the user comes online. Reports of users with `presence_enabled` off are not
 * stored. Returns the row as it is afterwards (undefined when the user has none).
 *
 * @see https://zulip.com/api/update-presence
 */
export function recordPresenceReport(
  ctx: Pick<Context, 'db' | 'events' | 'realm' | 'now' | 'config'>,
  user: UserRecord,
  status: ReportedStatus,
): PresenceRecord | undefined {
  const previous = ctx.db.get('presence', user.id);
  if (!recordsPresence(user)) return previous;
  const outcome = applyPresenceReport(previous, status, ctx.now() / 1000);
  if (!outcome.changed) return previous;
  const row = ctx.db.put('presence', {
    id: user.id,
    user_id: user.id,
    ...outcome.times,
    last_update_id: nextPresenceUpdateId(ctx.db),
  });
  if (outcome.cameOnline) emitPresenceChange(ctx, user, row);
  return row;
}
