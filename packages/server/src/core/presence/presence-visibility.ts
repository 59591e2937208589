import type { UserRecord } from '../model/records/users.js';

/**
 * Whether `viewer` may see the presence of `target`. Only active human users have presence.
 * A user who turned `presence_enabled` off is shown offline to everyone else: the server
 * withholds their row from other users' presence answers (as if they had never reported),
 * while they still see their own.
 *
 * The spec says only that such users are "shown offline and the server withholds the data";
 * the real server's exact mechanism is unconfirmed (https://zulip.com/api/get-presence), so this is our
 * definition. Together with {@link recordsPresence}, it means no report of such a user is
 * ever seen by anyone else, in answers or events.
 *
 * @see https://zulip.com/api/get-presence (a user who disabled presence sharing is shown offline)
 */
export function presenceVisibleTo(viewer: Pick<UserRecord, 'id'>, target: UserRecord): boolean {
  if (!target.is_active || target.is_bot) return false;
  return target.id === viewer.id || target.settings.presence_enabled;
}

/**
 * Whether a report of `user` is stored at all. The real server skips the update of a user
 * with `presence_enabled` off (and answers as usual); so do we: no time moves, no update ID is
 * taken, no event goes out.
 */
export function recordsPresence(user: UserRecord): boolean {
  return user.settings.presence_enabled;
}
