import { ApiError } from '@teamchat/schema';
import { verifyPassword } from './passwords.js';
import { admitLoginAttempt, recordLoginResult } from './rate-limits.js';
import type { Context, OperationParams } from '../runtime/context.js';

/** A well-formed hash no password matches (its salt and digest are not a derivation of each other). */
const UNUSABLE_HASH = 'pbkdf2_sha256$100000$unusablesalt0000$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * A hash no password matches, with the cost (iterations) of the organization's real hashes:
 * checking a password against it takes as long as against an account's.
 */
function unusableHashLike(ctx: Context): string {
  let iterations: string | undefined;
  for (const user of ctx.indexes.usersByEmail.values()) {
    iterations = user.password_hash?.split('$')[1];
    if (iterations) break;
  }
  return iterations ? UNUSABLE_HASH.replace('$100000$', `$${iterations}$`) : UNUSABLE_HASH;
}

/**
 * POST /fetch_api_key: the API key of the account whose email and password are given.
 * Every failure that could reveal whether an account exists answers the same
 * `AUTHENTICATION_FAILED`.
 */
export async function fetchApiKey(params: OperationParams<'server.fetchApiKey'>, ctx: Context<'rateLimiter'>) {
  if (!ctx.config.passwordAuthEnabled) {
    throw new ApiError('PASSWORD_AUTH_DISABLED', 'Password authentication is disabled in this organization');
  }
  const username = params.username.trim().toLowerCase();
  // Counted by username whether the account exists or not: the same answers either way.
  admitLoginAttempt(ctx, username);
  const user = ctx.indexes.usersByEmail.get(username);
  // Unknown accounts (and accounts without a password) cost the same hash, so timing does not
  // tell which accounts exist.
  const ok = await verifyPassword(params.password, user?.password_hash ?? unusableHashLike(ctx));
  recordLoginResult(ctx, username, Boolean(user && ok));
  if (!user || !ok) throw new ApiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect');
  if (!user.is_active) throw new ApiError('USER_DEACTIVATED', 'Account is deactivated');
  return { api_key: user.api_key, email: user.email, user_id: user.id };
}
