import { ApiError } from '@teamchat/schema';
import type { Context, OperationParams } from '../model/context.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /dev_fetch_api_key: the API key of any account by its email address, without a
 * password, as the real development server's `DevAuthBackend` gives it. Elsewhere it answers
 * `Endpoint not available in production.`, as a production server does.
 */
export function devFetchApiKey(params: OperationParams<'server.devFetchApiKey'>, ctx: Context) {
  if (!ctx.config.devMode) throw new ApiError('BAD_REQUEST', 'Endpoint not available in production.');
  const username = params.username.trim();
  if (!EMAIL.test(username)) throw new ApiError('BAD_REQUEST', 'Enter a valid email address.');
  const user = ctx.indexes.usersByEmail.get(username.toLowerCase());
  if (!user || user.is_system_bot === true) throw new ApiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect');
  if (!user.is_active) throw new ApiError('USER_DEACTIVATED', 'Account is deactivated');
  return { api_key: user.api_key, email: user.email, user_id: user.id };
}
