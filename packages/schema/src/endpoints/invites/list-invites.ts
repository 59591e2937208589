import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Invite } from '../../models/invite.js';

/**
 * GET /invites: the unexpired invitations the caller may manage: their own, or every one of
 * the organization for administrators (email invitations first, then reusable links).
 */
export const listInvites = defineEndpoint({
  name: 'invites.list',
  method: 'GET',
  path: '/invites',
  access: 'human-member',
  summary: 'Get all unexpired invitations the caller can manage.',
  docs: 'get-invites',
  params: z.object({}),
  response: z.looseObject({ invites: z.array(Invite) }),
  errors: [],
});
