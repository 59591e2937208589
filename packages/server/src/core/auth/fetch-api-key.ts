import { ApiError } from '@teamchat/schema';
import { organizationDeactivated } from './authenticate.js';
import { checkPassword } from './check-password.js';
import type { Context, OperationParams } from '../runtime/context.js';

/**
 * POST /fetch_api_key: the API key of the account whose email and password are given.
 * Every failure that could reveal whether an account exists answers the same
 * `AUTHENTICATION_FAILED`.
 */
export async function fetchApiKey(params: OperationParams<'server.fetchApiKey'>, ctx: Context<'rateLimiter'>) {
  const check = await checkPassword(ctx, params.username, params.password);
  if (check.kind === 'wrong') throw new ApiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect');
  if (check.kind === 'deactivated') throw new ApiError('USER_DEACTIVATED', 'Account is deactivated');
  if (ctx.realm.deactivated === true) throw organizationDeactivated('REALM_DEACTIVATED');
  const { user } = check;
  return { api_key: user.api_key, email: user.email, user_id: user.id };
}
