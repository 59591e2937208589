import { ApiError } from '@teamchat/schema';
import { verifyPassword } from './passwords.js';
import type { Context, OperationParams } from '../model/context.js';

/** A well-formed hash no password matches (its salt and digest are not a derivation of each other). */
const UNUSABLE_HASH = 'pbkdf2_sha256$100000$unusablesalt0000$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * POST /fetch_api_key: the API key of the account whose email and password are given.
 * Every failure that could reveal whether an account exists answers the same
 * `AUTHENTICATION_FAILED`.
 */
export async function fetchApiKey(params: OperationParams<'server.fetchApiKey'>, ctx: Context) {
  if (!ctx.config.passwordAuthEnabled) {
    throw new ApiError('PASSWORD_AUTH_DISABLED', 'Password authentication is disabled in this organization');
  }
  const user = ctx.indexes.usersByEmail.get(params.username.trim().toLowerCase());
  // Unknown accounts cost a full hash too, so timing does not tell which accounts exist.
  const ok = await verifyPassword(params.password, user?.password_hash ?? UNUSABLE_HASH);
  if (!user || !ok) throw new ApiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect');
  if (!user.is_active) throw new ApiError('USER_DEACTIVATED', 'Account is deactivated');
  return { api_key: user.api_key, email: user.email, user_id: user.id };
}
