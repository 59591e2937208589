import { ApiError } from '@teamchat/schema';
import { hashPassword } from '../auth/passwords.js';
import { addSubscriptions } from '../channels/add-subscriptions.js';
import { announceUserTo } from '../channels/user-sight.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { isEmailAddress } from './email-change.js';
import { isStrongPassword } from './password-strength.js';
import { createUser } from '../model/create-user.js';
import { checkFullName } from './full-name.js';
import { emitSystemGroupChanges } from './role-change.js';

/** Tells every active user about a new account: `realm_user add` (see `announceUserTo`). */
export function announceNewUser(ctx: Pick<UserContext, 'db' | 'events' | 'config'>, user: UserRecord): void {
  announceUserTo(
    ctx,
    user,
    [...ctx.db.all('users')].filter((viewer) => viewer.is_active).map((viewer) => viewer.id),
  );
}

/**
 * POST /users: creates a member account with a password. The caller is an administrator (the
 * contract's access) holding the special `can_create_users` permission. The account gets the
 * organization's default settings and its default channels; everyone gets `realm_user add`,
 * the system-group and subscription events.
 *
 * Errors, in the real server's order: `User not authorized to create users`, the full-name
 * errors, `Bad name or username` (not an address), `Email '…' already in use`,
 * `The password is too weak.`
 */
export function addUser(params: OperationParams<'users.create'>, ctx: UserContext & { prepared: PreparedPassword }) {
  if (!ctx.user.can_create_users) throw new ApiError('BAD_REQUEST', 'User not authorized to create users');
  const fullName = checkFullName(ctx, params.full_name, null);
  const email = params.email.trim();
  if (!isEmailAddress(email)) throw new ApiError('BAD_REQUEST', 'Bad name or username');
  if (ctx.indexes.usersByEmail.has(email.toLowerCase()))
    throw new ApiError('BAD_REQUEST', `Email '${email}' already in use`);
  if (ctx.prepared.hash === null) throw new ApiError('BAD_REQUEST', 'The password is too weak.');
  const user = createUser(ctx, { email, fullName, role: 400, passwordHash: ctx.prepared.hash });
  announceNewUser(ctx, user);
  emitSystemGroupChanges(ctx, null, user);
  const defaults = [...ctx.db.all('channels')].filter((channel) => channel.is_default && !channel.is_archived);
  if (defaults.length > 0) addSubscriptions(ctx, defaults, [user]);
  return { user_id: user.id };
}

/** A new account's password, judged and hashed before the write lock: `hash` null when it is too weak. */
export interface PreparedPassword {
  hash: string | null;
}

/**
 * Judging a password and hashing it take tens of milliseconds: it happens before the write
 * lock, and only for a password the policy accepts.
 */
async function preparePassword(
  password: string,
  ctx: Pick<UserContext, 'config' | 'random'>,
): Promise<PreparedPassword> {
  return { hash: (await isStrongPassword(password, ctx.config)) ? await hashPassword(password, ctx.random) : null };
}

/** The prepare step of POST /users: only for callers who may create users. */
export async function prepareAddUser(
  params: OperationParams<'users.create'>,
  ctx: UserContext,
): Promise<PreparedPassword> {
  return ctx.user.can_create_users ? preparePassword(params.password, ctx) : { hash: null };
}
