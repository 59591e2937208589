import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { hashPassword } from '../auth/passwords.js';
import { register, signUpForm } from '../invites/accept-invitation.js';
import { pageHandler } from '../dispatch/handler.js';
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
 * invitation ({@link register}); the REST layer renders the result or the form again with
 * the error.
 */
export const registerPage = defineEndpoint({
  name: 'pages.register',
  method: 'POST',
  path: '/accounts/register',
  access: 'public',
  summary: 'Creates the account of an invitation from its sign-up form.',
  params: z.object({ kind: Kind, key: z.string(), email: z.string().optional(), full_name: z.string(), password: z.string() }),
  response: z.object({ user_id: z.number().int(), email: z.string(), full_name: z.string() }),
  errors: ['BAD_REQUEST'],
});

/** The account, the password judged and hashed before the write lock (null: too weak). */
export const registerHandler = pageHandler<typeof registerPage, string | null, 'hooks' | 'jobs'>(
  registerPage,
  (params, ctx) => {
    const user = register(ctx, params, ctx.prepared);
    return { user_id: user.id, email: user.email, full_name: user.full_name };
  },
  { prepare: async (params, ctx) => ((await isStrongPassword(params.password, ctx.config)) ? hashPassword(params.password, ctx.random) : null), ports: ['hooks', 'jobs'] },
);
