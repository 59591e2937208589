import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /invites/{invite_id}: revoke an email invitation (its link stops working). */
export const revokeInvite = defineEndpoint({
  name: 'invites.revoke',
  method: 'DELETE',
  path: '/invites/{invite_id}',
  access: 'human-member',
  summary: 'Revoke an email invitation.',
  docs: 'revoke-email-invite',
  params: z.object({ invite_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
