import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { activeUserIds, emit } from '../events/emit.js';
import { apiEmail } from '../model/email-visibility.js';
import { effectiveTimes, legacyClientPresence, modernPresence } from './presence-format.js';
import type { PresenceRecord } from '../model/records/presence.js';
import { USER_LIMIT_FOR_PRESENCE_EVENTS } from './presence-rules.js';

/**
 * Sends the `presence` event of `user`, whose row is now `row`, to every active user, shaped
 * per queue:
 * - queues with the `simplified_presence_events` capability (FL 419) get the modern
 *   `{type, presences: {"<user_id>": {active_timestamp, idle_timestamp}}}`;
 * - queues registered with `slim_presence` get the legacy event without `email`
 *   (`{type, user_id, server_timestamp, presence: {website: {…}}}`), as the real server's
 *   event queues do;
 * - the others get the legacy event with the user's API `email`.
 *
 * Nothing is sent when the organization disables presence, nor in organizations above
 * {@link USER_LIMIT_FOR_PRESENCE_EVENTS} active users (their clients poll).
 *
 * @see https://zulip.com/api/get-events
 */
export function emitPresenceChange(
  ctx: Pick<Context, 'db' | 'events' | 'realm' | 'now' | 'config'>,
  user: UserRecord,
  row: PresenceRecord,
): void {
  if (ctx.realm.presence_disabled) return;
  const recipients = activeUserIds(ctx);
  if (recipients.length > USER_LIMIT_FOR_PRESENCE_EVENTS) return;
  const times = effectiveTimes(row, user);
  const serverTimestamp = ctx.now() / 1000;
  const email = apiEmail(user, ctx.config.realmUrl);
  emit(ctx, recipients, (queue) => {
    if (queue.has('simplified_presence_events')) {
      return { type: 'presence', presences: { [String(user.id)]: modernPresence(times) } };
    }
    const presence = { website: legacyClientPresence(times) };
    return queue.options.slimPresence
      ? { type: 'presence', user_id: user.id, server_timestamp: serverTimestamp, presence }
      : { type: 'presence', user_id: user.id, email, server_timestamp: serverTimestamp, presence };
  });
}
