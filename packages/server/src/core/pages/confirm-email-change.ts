import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { pageHandler } from '../dispatch/handler.js';
import { confirmEmailChange } from '../users/email-change.js';

/**
 * GET `/accounts/confirm_new_email/<key>/` (below the site, not `/api/v1`): the link of an
 * email change. Following it makes the new address the account's address; the REST layer
 * renders the page.
 */
export const confirmEmailChangePage = defineEndpoint({
  name: 'pages.confirmEmailChange',
  method: 'GET',
  path: '/accounts/confirm_new_email/{confirmation_key}',
  access: 'public',
  summary: 'Confirms an email change from the link sent to the new address.',
  params: z.object({ confirmation_key: z.string() }),
  response: z.object({ full_name: z.string(), email: z.string() }),
  errors: ['BAD_REQUEST'],
});

/** The confirmation writes (a GET that changes state, as the real server's link does). */
export const confirmEmailChangeHandler = pageHandler(
  confirmEmailChangePage,
  (params, ctx) => {
    const user = confirmEmailChange(ctx, params.confirmation_key);
    return { full_name: user.full_name, email: user.email };
  },
  { writes: true },
);
