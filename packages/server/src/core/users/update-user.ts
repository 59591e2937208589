import { ApiError, isApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { isAdmin, isOwner } from '../model/roles.js';
import { checkNewEmail } from './email-change.js';
import { changeDeliveryEmail } from './email-events.js';
import { changeFullName, checkFullName, isNameOfActiveUser } from './full-name.js';
import { changeRole } from './role-change.js';
import { accessUserByEmail, accessUserById, isLastOwner } from '../model/user-access.js';
import { applyProfileDataChanges, planProfileDataUpdate } from './update-profile-data.js';

type Params = Omit<OperationParams<'users.update'>, 'user_id'>;

const TARGET = { allowDeactivated: true, allowBots: true, forAdmin: true } as const;

function checkRoleChange(ctx: UserContext, target: UserRecord, role: UserRecord['role']): void {
  if ((role === 100 || target.role === 100) && !isOwner(ctx.user))
    throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
  if (!isAdmin(ctx.user)) throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  if (isLastOwner(ctx, target)) {
    throw new ApiError('BAD_REQUEST', 'The owner permission cannot be removed from the only organization owner.');
  }
}

function checkEmailChange(ctx: UserContext, target: UserRecord, email: string): string {
  try {
    return checkNewEmail(ctx, email, target.id);
  } catch (error) {
    if (isApiError(error)) throw new ApiError('BAD_REQUEST', `New email value error: ${error.msg}`);
    throw error;
  }
}

/**
 * PATCH /users/{user_id} and PATCH /users/{email}, in the real server's order:
 *
 * 1. the target, which the caller must be able to administer (`No such user`,
 *    `Insufficient permission`); deactivated users and bots are valid targets;
 * 2. `new_email` needs an administrator (or owner) with the `can_change_user_emails` special
 *    permission, as the real server's code and its API changelog (feature level 313) have it
 *    (the parameter's own text says "owner"); operators grant it with
 *    `teamchat-server change-user-role EMAIL can_change_user_emails`;
 * 3. a role change: only owners add or remove role 100 (`Must be an organization owner`), only
 *    administrators change roles (`Must be an organization administrator`), the only owner
 *    keeps the role;
 * 4. `full_name` (ignored when blank or unchanged; a bot's must be free), then `profile_data`,
 *    then `new_email`.
 *
 * Everything is checked before anything changes, so a failed request changes nothing. Each
 * change emits its `realm_user update` (`role`, `full_name`, `custom_profile_field`,
 * `delivery_email`/`new_email`).
 *
 * @see https://zulip.com/api/update-user
 * @see https://zulip.com/api/update-user-by-email
 */
function updateUser(ctx: UserContext, target: UserRecord, params: Params): Record<string, never> {
  if (params.new_email !== undefined && !(isAdmin(ctx.user) && ctx.user.can_change_user_emails)) {
    throw new ApiError('BAD_REQUEST', 'User not authorized to change user emails');
  }
  const role = params.role;
  const roleChange = role !== undefined && role !== target.role ? role : null;
  if (roleChange !== null) checkRoleChange(ctx, target, roleChange);
  let fullName: string | null = null;
  if (params.full_name !== undefined && params.full_name !== target.full_name && params.full_name.trim() !== '') {
    fullName = checkFullName(ctx, params.full_name, target.id);
    if (fullName === target.full_name) fullName = null;
    // Bots also need a name no active account has (the real server's bot-name check).
    if (fullName !== null && target.is_bot && isNameOfActiveUser(ctx, fullName)) {
      throw new ApiError('BAD_REQUEST', 'Name is already in use.');
    }
  }
  const profileChanges = params.profile_data ? planProfileDataUpdate(ctx, ctx.user, target, params.profile_data) : [];
  const newEmail =
    params.new_email !== undefined && params.new_email.trim() !== target.email
      ? checkEmailChange(ctx, target, params.new_email)
      : null;

  let current = target;
  if (roleChange !== null) current = changeRole(ctx, current, roleChange);
  if (fullName !== null) current = changeFullName(ctx, current, fullName);
  current = applyProfileDataChanges(ctx, current, profileChanges);
  if (newEmail !== null) changeDeliveryEmail(ctx, current, newEmail);
  return {};
}

/** PATCH /users/{user_id}. */
export function updateUserOperation(params: OperationParams<'users.update'>, ctx: UserContext) {
  const { user_id: userId, ...rest } = params;
  return updateUser(ctx, accessUserById(ctx, ctx.user, userId, TARGET), rest);
}

/** PATCH /users/{email}: the target by dummy address, or by real address when the caller may see it. */
export function updateUserByEmail(params: OperationParams<'users.updateByEmail'>, ctx: UserContext) {
  const { email, ...rest } = params;
  return updateUser(ctx, accessUserByEmail(ctx, ctx.user, email, TARGET), rest);
}
