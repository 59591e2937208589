import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { invitationParams } from './invite-params.js';

/**
 * POST /invites: email invitations to addresses separated by commas or newlines (`Name
 * <address>` accepted). An address that is not valid stops every invitation; addresses that
 * already have an account are skipped, the others invited, and the answer is then an
 * `INVITATION_FAILED` error whose `errors` lists the skipped ones with `sent_invitations: true`.
 * Who may: `can_invite_users_group`; roles above member need an administrator (owners an owner).
 */
export const sendInvites = defineEndpoint({
  name: 'invites.send',
  method: 'POST',
  path: '/invites',
  access: 'human-member',
  summary: 'Send email invitations.',
  docs: 'send-invites',
  params: z.object({
    invitee_emails: z.string(),
    /** Channels the new account is subscribed to. */
    stream_ids: z.array(z.number().int()),
    ...invitationParams,
    /** Send the inviter a direct message from the Notification Bot when the account is made. */
    notify_referrer_on_join: z.boolean().default(true),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'INVITATION_FAILED', 'UNAUTHORIZED_PRINCIPAL'],
});
