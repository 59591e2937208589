import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /invites/multiuse/{invite_id}: revoke a reusable invitation link. */
export const revokeInviteLink = defineEndpoint({
  name: 'invites.revokeLink',
  method: 'DELETE',
  path: '/invites/multiuse/{invite_id}',
  access: 'human-member',
  summary: 'Revoke a reusable invitation link.',
  docs: 'revoke-invite-link',
  params: z.object({ invite_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
