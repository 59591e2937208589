import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { verifyPassword } from './passwords.js';
import { admitLoginAttempt, recordLoginResult } from './rate-limits.js';

/** A well-formed hash no password matches (its salt and digest are not a derivation of each other). */
const UNUSABLE_HASH = 'pbkdf2_sha256$100000$unusablesalt0000$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * A hash no password matches, with the cost (iterations) of the organization's real hashes:
 * checking a password against it takes as long as against an account's.
 */
function unusableHashLike(ctx: Context<'rateLimiter'>): string {
  let iterations: string | undefined;
  for (const user of ctx.indexes.usersByEmail.values()) {
    iterations = user.password_hash?.split('$')[1];
    if (iterations) break;
  }
  return iterations ? UNUSABLE_HASH.replace('$100000$', `$${iterations}$`) : UNUSABLE_HASH;
}

/** What a password check found: the account, wrong credentials, or a deactivated account. */
export type PasswordCheck =
  { kind: 'ok'; user: UserRecord } | { kind: 'wrong' } | { kind: 'deactivated'; user: UserRecord };

/**
 * Checks `username` and `password` for a login (POST /fetch_api_key, the web app's login):
 * under the login rate limits, and at the same cost whether the account exists or not, so
 * neither answers nor timing tell which accounts exist. Each caller words the failures as its
 * real counterpart does.
 *
 * @throws {ApiError} `PASSWORD_AUTH_DISABLED`, or `RATE_LIMIT_HIT` past the login limits.
 */
export async function checkPassword(
  ctx: Context<'rateLimiter'>,
  username: string,
  password: string,
): Promise<PasswordCheck> {
  if (!ctx.config.passwordAuthEnabled) {
    throw new ApiError('PASSWORD_AUTH_DISABLED', 'Password authentication is disabled in this organization');
  }
  const name = username.trim().toLowerCase();
  // Counted by username whether the account exists or not: the same answers either way.
  admitLoginAttempt(ctx, name);
  const user = ctx.indexes.usersByEmail.get(name);
  // Unknown accounts (and accounts without a password) cost the same hash.
  const ok = await verifyPassword(password, user?.password_hash ?? unusableHashLike(ctx));
  recordLoginResult(ctx, name, Boolean(user && ok));
  if (!user || !ok) return { kind: 'wrong' };
  return user.is_active ? { kind: 'ok', user } : { kind: 'deactivated', user };
}
