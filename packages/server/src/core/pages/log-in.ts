import { ApiError, defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { checkPassword } from '../auth/check-password.js';
import { pageHandler } from '../dispatch/handler.js';
import { newSessionKey, startSession, type NewSessionKey } from '../sessions/start-session.js';
import type { UserRecord } from '../model/records/users.js';

/** A login's answer: the account, and the session the transport sets as a cookie. */
const StartedSession = z.object({
  user_id: z.number().int(),
  email: z.string(),
  session_key: z.string(),
  session_expires: z.number(),
});

/** The message of a deactivated account's login, as the real login form words it. */
const deactivated = (email: string) =>
  new ApiError(
    'USER_DEACTIVATED',
    `Your account ${email} has been deactivated. Please contact your organization administrator to reactivate it.`,
  );

/**
 * POST `/accounts/login/` (the web app's login form, below the site, not `/api/v1`): starts a
 * web session for the account whose email and password are given. The REST layer sets the
 * session cookie; the key never reaches the answer's body.
 */
export const logInPage = defineEndpoint({
  name: 'pages.logIn',
  method: 'POST',
  path: '/accounts/login',
  access: 'public',
  summary: 'Starts a web session from an email and a password.',
  params: z.object({ username: z.string(), password: z.string() }),
  response: StartedSession,
  errors: [
    'AUTHENTICATION_FAILED',
    'USER_DEACTIVATED',
    'REALM_DEACTIVATED',
    'PASSWORD_AUTH_DISABLED',
    'RATE_LIMIT_HIT',
  ],
});

/** The password checked and the session key made before the write lock; the session started inside it. */
export const logInHandler = pageHandler<typeof logInPage, { user: UserRecord; key: NewSessionKey }, 'rateLimiter'>(
  logInPage,
  (_params, ctx) => ({
    user_id: ctx.prepared.user.id,
    email: ctx.prepared.user.email,
    ...startSession(ctx, ctx.prepared.user, ctx.prepared.key),
  }),
  {
    prepare: async (params, ctx) => {
      const check = await checkPassword(ctx, params.username, params.password);
      // Django's `invalid_login` and Zulip's `DEACTIVATED_ACCOUNT_ERROR`, as the login form shows them.
      if (check.kind === 'wrong')
        throw new ApiError(
          'AUTHENTICATION_FAILED',
          'Please enter a correct email and password. Note that both fields may be case-sensitive.',
        );
      if (check.kind === 'deactivated') throw deactivated(params.username.trim());
      return { user: check.user, key: await newSessionKey(ctx) };
    },
    // The login rate limits, as POST /fetch_api_key's.
    ports: ['rateLimiter'],
  },
);

/**
 * POST `/accounts/login/local/` on a development server (`--dev`): starts a session as any
 * account by its email, without a password, as the real development server's one-click login.
 */
export const devLogInPage = defineEndpoint({
  name: 'pages.devLogIn',
  method: 'POST',
  path: '/accounts/login/local',
  access: 'public',
  summary: 'Starts a web session as any account (development servers only).',
  params: z.object({ direct_email: z.string() }),
  response: StartedSession,
  errors: ['AUTHENTICATION_FAILED', 'USER_DEACTIVATED', 'REALM_DEACTIVATED'],
});

/** The account looked up inside the lock; the key made before it. */
export const devLogInHandler = pageHandler<typeof devLogInPage, NewSessionKey>(
  devLogInPage,
  (params, ctx) => {
    if (!ctx.config.devMode) throw new ApiError('BAD_REQUEST', 'Endpoint not available in production.');
    const email = params.direct_email.trim();
    const user = ctx.indexes.usersByEmail.get(email.toLowerCase());
    if (!user || user.is_system_bot === true)
      throw new ApiError(
        'AUTHENTICATION_FAILED',
        'Please enter a correct email and password. Note that both fields may be case-sensitive.',
      );
    if (!user.is_active) throw deactivated(email);
    return { user_id: user.id, email: user.email, ...startSession(ctx, user, ctx.prepared) };
  },
  { prepare: async (_params, ctx) => newSessionKey(ctx) },
);

/** POST `/accounts/logout/`: ends the request's web session (nothing to end is no error). */
export const logOutPage = defineEndpoint({
  name: 'pages.logOut',
  method: 'POST',
  path: '/accounts/logout',
  access: 'public',
  summary: 'Ends the web session of the request.',
  params: z.object({}),
  response: z.object({}),
  errors: [],
});

export const logOutHandler = pageHandler(logOutPage, (_params, ctx) => {
  const session = ctx.request.session;
  if (session && ctx.db.get('sessions', session.id)) ctx.db.delete('sessions', session.id);
  return {};
});
