import { ApiError } from '@teamchat/schema';
import type { ModelContext } from './model-context.js';
import type { UserRecord } from './records/users.js';
import { isAdmin } from './roles.js';
import { roleMaySeeEmail } from './email-visibility.js';
import { userByEmail } from './user-by-email.js';

/** What a lookup of another user admits. */
export interface UserAccessOptions {
  /** Deactivated targets are found (otherwise `User is deactivated`). */
  allowDeactivated?: boolean;
  /** Bots are found (otherwise `No such user`). */
  allowBots?: boolean;
  /** The caller must be able to administer the target (otherwise `Insufficient permission`). */
  forAdmin: boolean;
}

type Ctx = Pick<ModelContext, 'db' | 'indexes' | 'config'>;

/**
 * Whether `caller` may administer `target`: administrators may administer anyone, other
 * users only the bots they own (the real server's `can_admin_user`).
 */
export function canAdminUser(caller: UserRecord, target: UserRecord): boolean {
  return target.bot_owner_id === caller.id || isAdmin(caller);
}

function accessUserCommon(caller: UserRecord, target: UserRecord, options: UserAccessOptions): UserRecord {
  if (target.is_bot && !options.allowBots) throw new ApiError('BAD_REQUEST', 'No such user');
  if (!target.is_active && !options.allowDeactivated) throw new ApiError('BAD_REQUEST', 'User is deactivated');
  if (options.forAdmin && !canAdminUser(caller, target)) throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  return target;
}

/**
 * The user `userId` as `caller` may reach it, with the real server's errors: `No such user`
 * (unknown ID, or a bot where bots are not admitted), `User is deactivated`,
 * `Insufficient permission`.
 *
 * @see https://zulip.com/api/update-user
 */
export function accessUserById(ctx: Ctx, caller: UserRecord, userId: number, options: UserAccessOptions): UserRecord {
  const target = ctx.db.get('users', userId);
  if (!target) throw new ApiError('BAD_REQUEST', 'No such user');
  return accessUserCommon(caller, target, options);
}

/**
 * The user an address designates for `caller`: the dummy address `user{id}@{host}` always
 * works (it is resolved by the ID inside it); a real address only when the caller's role may
 * see it by the target's `email_address_visibility` (bots' always), the real server's rule
 * for lookups — so a hidden address answers `No such user`, as an unknown one does, and
 * leaks nothing.
 *
 * @see https://zulip.com/api/get-user
 */
export function accessUserByEmail(ctx: Ctx, caller: UserRecord, email: string, options: UserAccessOptions): UserRecord {
  const target = userByEmail(ctx, email, {
    realAddress: (user) => user.is_bot || roleMaySeeEmail(caller.role, user.settings.email_address_visibility),
    anyDummyAddress: true,
  });
  if (!target) throw new ApiError('BAD_REQUEST', 'No such user');
  return accessUserCommon(caller, target, options);
}

/** Active human owners of the organization. */
export function activeHumanOwners(ctx: Pick<ModelContext, 'db'>): UserRecord[] {
  return [...ctx.db.all('users')].filter((user) => user.is_active && !user.is_bot && user.role === 100);
}

/** Whether `user` is the organization's only active human owner (who must stay one). */
export function isLastOwner(ctx: Pick<ModelContext, 'db'>, user: UserRecord): boolean {
  return user.role === 100 && !user.is_bot && activeHumanOwners(ctx).length === 1;
}
