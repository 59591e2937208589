import { ApiError } from '@teamchat/schema';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { canSeeRealEmail } from '../model/email-visibility.js';
import { userByEmail } from '../model/user-by-email.js';
import { effectiveTimes, modernPresence, singleUserLegacyPresence } from './presence-format.js';
import { presenceVisibleTo } from './presence-visibility.js';

/**
 * The active account `key` names: a user ID (also as digits in a string, as the real server
 * tries `int()` first), or an email address: the API address, or the real one when `viewer`
 * may see it.
 */
function findActiveUser(
  ctx: Pick<Context, 'db' | 'indexes' | 'config'>,
  viewer: UserRecord,
  key: number | string,
): UserRecord | undefined {
  const text = typeof key === 'number' ? String(key) : key.trim();
  const user = /^[+-]?\d+$/.test(text)
    ? ctx.db.get('users', Number(text))
    : userByEmail(ctx, text, { realAddress: (target) => canSeeRealEmail(viewer, target), anyDummyAddress: false });
  return user?.is_active ? user : undefined;
}

/**
 * GET /users/{user_id_or_email}/presence: one user's presence, in the legacy form
 * (`website` and `aggregated`, each with `status` and `timestamp`; `aggregated` says
 * `offline` past the 200 s offline threshold) or, with `slim_presence`, the modern entry.
 *
 * Errors: `No such user` (unknown or deactivated), `Presence is not supported for bot users.`,
 * `No presence data for <user_id_or_email>` when the user never reported, and also (our
 * decision, the data being withheld) when the user turned `presence_enabled` off or the
 * organization disabled presence.
 *
 * @see https://zulip.com/api/get-user-presence
 */
export function getUserPresence(params: OperationParams<'presence.get'>, ctx: UserContext) {
  const key = params.user_id_or_email;
  const target = findActiveUser(ctx, ctx.user, key);
  if (!target) throw new ApiError('BAD_REQUEST', 'No such user');
  if (target.is_bot) throw new ApiError('BAD_REQUEST', 'Presence is not supported for bot users.');
  const row = ctx.db.get('presence', target.id);
  if (!row || ctx.realm.presence_disabled || !presenceVisibleTo(ctx.user, target)) {
    throw new ApiError('BAD_REQUEST', `No presence data for ${String(key)}`);
  }
  const times = effectiveTimes(row, target);
  return { presence: params.slim_presence ? modernPresence(times) : singleUserLegacyPresence(times, ctx.now() / 1000) };
}
