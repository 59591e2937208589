import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { activeUserIds, emit } from '../events/emit.js';
import { avatarChangePerson } from '../model/avatar.js';
import { apiEmail, canSeeRealEmail } from '../model/email-visibility.js';

type Ctx = Pick<Context, 'db' | 'events' | 'config'>;

/**
 * Announces a change of a user's real address or of who may see it, from `before` to
 * `after` (the real server's events):
 *
 * - `realm_user update { delivery_email }` to every viewer whose view changed: the new address
 *   to those who see it now (and saw another one or none), `null` to those who no longer do;
 * - `realm_user update { new_email }` to everyone when the API address changed;
 * - `realm_user update` with the avatar fields to everyone when the hashed avatar's URL or
 *   its client-side computability changed.
 *
 * @see https://zulip.com/api/update-settings (Events)
 */
export function emitEmailChanges(ctx: Ctx, before: UserRecord, after: UserRecord): void {
  // Order as on the real server: for a new address the avatar comes first, for a new
  // visibility the new API address does.
  const addressChanged = before.email.toLowerCase() !== after.email.toLowerCase();
  const realmUrl = ctx.config.realmUrl;
  const shown: number[] = [];
  const hidden: number[] = [];
  for (const viewer of ctx.db.all('users')) {
    if (!viewer.is_active) continue;
    const saw = canSeeRealEmail(viewer, before) ? before.email : null;
    const sees = canSeeRealEmail(viewer, after) ? after.email : null;
    if (saw === sees) continue;
    (sees === null ? hidden : shown).push(viewer.id);
  }
  if (shown.length > 0)
    emit(ctx, shown, { type: 'realm_user', op: 'update', person: { user_id: after.id, delivery_email: after.email } });
  if (hidden.length > 0)
    emit(ctx, hidden, { type: 'realm_user', op: 'update', person: { user_id: after.id, delivery_email: null } });
  const everyone = activeUserIds(ctx);
  const apiChanged = apiEmail(before, realmUrl) !== apiEmail(after, realmUrl);
  const avatar = () => {
    if (after.avatar_source === 'G')
      emit(ctx, everyone, { type: 'realm_user', op: 'update', person: avatarChangePerson(after, realmUrl) });
  };
  const newEmail = () =>
    emit(ctx, everyone, {
      type: 'realm_user',
      op: 'update',
      person: { user_id: after.id, new_email: apiEmail(after, realmUrl) },
    });
  if (addressChanged) {
    avatar();
    if (apiChanged) newEmail();
  } else if (apiChanged) {
    newEmail();
    avatar();
  }
}

/**
 * Makes `email` the real address (and login name) of `user` at once, with the events of
 * {@link emitEmailChanges}: what a confirmed email change and an owner's `new_email` do.
 */
export function changeDeliveryEmail(ctx: Ctx, user: UserRecord, email: string): UserRecord {
  const updated = ctx.db.patch('users', user.id, { email });
  emitEmailChanges(ctx, user, updated);
  return updated;
}
