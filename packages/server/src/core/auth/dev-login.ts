import { ApiError } from '@teamchat/schema';
import type { Context, OperationParams } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { organizationDeactivated } from './authenticate.js';
import { isAdmin } from '../model/roles.js';

// The endpoints with which a development server's login page and the mobile apps log in
// without a password (the real server's `dev_login.py`), served with `teamchat-server --dev`.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a production server answers to a development endpoint (the real `check_dev_auth_backend`). */
function checkDevServer(ctx: Context): void {
  if (!ctx.config.devMode) throw new ApiError('BAD_REQUEST', 'Endpoint not available in production.');
}

/**
 * POST /dev_fetch_api_key: the API key of any account by its email address, without a
 * password, as the real development server's `DevAuthBackend` gives it. Elsewhere it answers
 * `Endpoint not available in production.`, as a production server does.
 */
export function devFetchApiKey(params: OperationParams<'server.devFetchApiKey'>, ctx: Context) {
  checkDevServer(ctx);
  const username = params.username.trim();
  if (!EMAIL.test(username)) throw new ApiError('BAD_REQUEST', 'Enter a valid email address.');
  const user = ctx.indexes.usersByEmail.get(username.toLowerCase());
  if (!user || user.is_system_bot === true)
    throw new ApiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect');
  if (!user.is_active) throw new ApiError('USER_DEACTIVATED', 'Account is deactivated');
  if (ctx.realm.deactivated === true) throw organizationDeactivated('REALM_DEACTIVATED');
  return { api_key: user.api_key, email: user.email, user_id: user.id };
}

/** Extra accounts of a load test (`extrauser…` addresses) come last, ten at most. */
const EXTRA_USER = 'extrauser';
const EXTRA_USERS_SHOWN = 10;

/**
 * GET /dev_list_users: the active human accounts one may log in as, by address (the extra
 * accounts of a load test last, ten at most), administrators and owners apart, each with the
 * organization's URL under both its names, as the real development server lists them.
 */
export function devListUsers(_params: OperationParams<'server.devListUsers'>, ctx: Context) {
  checkDevServer(ctx);
  const byEmail = (a: UserRecord, b: UserRecord) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);
  const humans = [...ctx.db.all('users')].filter((user) => user.is_active && !user.is_bot).sort(byEmail);
  const extras = humans.filter((user) => user.email.startsWith(EXTRA_USER)).slice(0, EXTRA_USERS_SHOWN);
  const users = [...humans.filter((user) => !user.email.startsWith(EXTRA_USER)), ...extras];
  const entry = (user: UserRecord) => ({
    email: user.email,
    realm_url: ctx.config.realmUrl,
    realm_uri: ctx.config.realmUrl,
  });
  return {
    direct_admins: users.filter(isAdmin).map(entry),
    direct_users: users.filter((user) => !isAdmin(user)).map(entry),
  };
}
