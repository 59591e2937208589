import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { invitationParams } from './invite-params.js';

/**
 * POST /invites/multiuse: a reusable invitation link (`/join/<key>/`). Who may:
 * `create_multiuse_invite_group`; roles above member need an administrator.
 */
export const createInviteLink = defineEndpoint({
  name: 'invites.createLink',
  method: 'POST',
  path: '/invites/multiuse',
  access: 'human-member',
  summary: 'Create a reusable invitation link.',
  docs: 'create-invite-link',
  params: z.object({
    stream_ids: z.array(z.number().int()).default([]),
    ...invitationParams,
  }),
  response: z.looseObject({ invite_link: z.string() }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
