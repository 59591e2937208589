import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { hashPassword } from '../auth/passwords.js';
import { register, signUpForm } from '../invites/accept-invitation.js';
import { pageHandler } from '../dispatch/handler.js';
import { newSessionKey, startSession, type NewSessionKey } from '../sessions/start-session.js';
import { isStrongPassword } from '../users/password-strength.js';

const Kind = z.enum(['email', 'multiuse']);

/**
 * GET `/accounts/do_confirm/<key>` (an email invitation's link) and `/join/<key>/` (a reusable
 * link), below the site, not `/api/v1`: what the sign-up page shows, or the link's error. The
 * REST layer renders the form.
 */
export const signUpFormPage = defineEndpoint({
  name: 'pages.signUpForm',
  method: 'GET',
  path: '/accounts/do_confirm/{key}',
  access: 'public',
  summary: "The sign-up form of an invitation's link.",
  params: z.object({ kind: Kind, key: z.string() }),
  response: z.object({ organization: z.string(), email: z.string().nullable(), invited_as: z.number().int() }),
  errors: ['BAD_REQUEST'],
});

/** The form: read only. */
export const signUpFormHandler = pageHandler(signUpFormPage, (params, ctx) => signUpForm(ctx, params.kind, params.key));

/**
 * POST `/accounts/register/` (the sign-up form's action): creates the account of the
 * invitation ({@link register}) and logs it in (a web session, which the REST layer sets as a
 * cookie before leading to the app); the REST layer renders the form again with an error.
 */
export const registerPage = defineEndpoint({
  name: 'pages.register',
  method: 'POST',
  path: '/accounts/register',
  access: 'public',
  summary: 'Creates the account of an invitation from its sign-up form.',
  params: z.object({
    kind: Kind,
    key: z.string(),
    email: z.string().optional(),
    full_name: z.string(),
    password: z.string(),
  }),
  response: z.object({
    user_id: z.number().int(),
    email: z.string(),
    full_name: z.string(),
    session_key: z.string(),
    session_expires: z.number(),
  }),
  errors: ['BAD_REQUEST'],
});

/** The account and its session; the password judged and hashed (null: too weak) and the session key made before the write lock. */
export const registerHandler = pageHandler<
  typeof registerPage,
  { passwordHash: string | null; session: NewSessionKey },
  'hooks' | 'jobs'
>(
  registerPage,
  (params, ctx) => {
    const user = register(ctx, params, ctx.prepared.passwordHash);
    return {
      user_id: user.id,
      email: user.email,
      full_name: user.full_name,
      ...startSession(ctx, user, ctx.prepared.session),
    };
  },
  {
    prepare: async (params, ctx) => ({
      passwordHash: (await isStrongPassword(params.password, ctx.config))
        ? await hashPassword(params.password, ctx.random)
        : null,
      session: await newSessionKey(ctx),
    }),
    ports: ['hooks', 'jobs'],
  },
);
