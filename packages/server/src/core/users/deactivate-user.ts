import { ApiError } from '@teamchat/schema';
import { isOwner } from '../model/roles.js';
import { deactivateAccount, reactivateAccount } from './account-activation.js';
import { isNameOfActiveUser } from './full-name.js';
import { accessUserById, isLastOwner } from '../model/user-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * DELETE /users/{user_id}: deactivates a user (not a bot: `No such user`). The caller must be
 * able to administer the target (`Insufficient permission`), an owner to deactivate an owner
 * (`Must be an organization owner`), and the only owner stays (`Cannot deactivate the only
 * organization owner`, a plain `BAD_REQUEST` here). No notification email is sent by this
 * server; a `deactivation_notification_comment` is logged instead.
 *
 * @see https://zulip.com/api/deactivate-user
 */
export function deactivateUser(params: OperationParams<'users.deactivate'>, ctx: UserContext) {
  const target = accessUserById(ctx, ctx.user, params.user_id, { forAdmin: true });
  if (isOwner(target) && !isOwner(ctx.user))
    throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
  if (isLastOwner(ctx, target)) throw new ApiError('BAD_REQUEST', 'Cannot deactivate the only organization owner');
  deactivateAccount(ctx, target);
  const comment = params.deactivation_notification_comment;
  if (comment !== undefined && comment !== null) {
    ctx.db.onCommit(() =>
      ctx.log.info('account deactivated; no notification email is sent by this server', {
        user_id: target.id,
        comment: comment.trim(),
      }),
    );
  }
  return {};
}

/**
 * POST /users/{user_id}/reactivate: reactivates a user or bot the caller may administer. A bot
 * comes back only if no active account has its name. Reactivating an active account changes
 * nothing.
 *
 * @see https://zulip.com/api/reactivate-user
 */
export function reactivateUser(params: OperationParams<'users.reactivate'>, ctx: UserContext) {
  const target = accessUserById(ctx, ctx.user, params.user_id, {
    allowDeactivated: true,
    allowBots: true,
    forAdmin: true,
  });
  if (target.is_active) return {};
  if (target.is_bot) {
    if (isNameOfActiveUser(ctx, target.full_name.trim())) {
      throw new ApiError(
        'BAD_REQUEST',
        `There is already an active bot named "${target.full_name}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`,
      );
    }
  }
  reactivateAccount(ctx, target);
  return {};
}

/**
 * DELETE /users/me: deactivates the caller (and the bots it owns). The only active user and
 * the only owner cannot leave: `CANNOT_DEACTIVATE_LAST_USER` with `is_last_owner` and
 * `entity`.
 *
 * @see https://zulip.com/api/deactivate-own-user
 */
export function deactivateOwnUser(_params: OperationParams<'users.deactivateOwn'>, ctx: UserContext) {
  // The server's own bots are no users of the organization.
  const active = [...ctx.db.all('users')].filter((user) => user.is_active && !user.is_system_bot).length;
  if (active === 1) {
    throw new ApiError('CANNOT_DEACTIVATE_LAST_USER', 'Cannot deactivate the only user.', {
      extra: { is_last_owner: false, entity: 'user' },
    });
  }
  if (isLastOwner(ctx, ctx.user)) {
    throw new ApiError('CANNOT_DEACTIVATE_LAST_USER', 'Cannot deactivate the only organization owner.', {
      extra: { is_last_owner: true, entity: 'organization owner' },
    });
  }
  deactivateAccount(ctx, ctx.user);
  return {};
}
