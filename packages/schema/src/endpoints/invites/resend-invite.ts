import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** POST /invites/{invite_id}/resend: send an email invitation's email again (same link). */
export const resendInvite = defineEndpoint({
  name: 'invites.resend',
  method: 'POST',
  path: '/invites/{invite_id}/resend',
  access: 'human-member',
  summary: 'Resend an email invitation.',
  docs: 'resend-email-invite',
  params: z.object({ invite_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
