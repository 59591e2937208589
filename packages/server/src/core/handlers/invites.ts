import { areaHandlers } from '../dispatch/handler.js';
import { createInviteLink } from '../invites/create-invite-link.js';
import { listInvites, resendInvite, revokeInvite, revokeInviteLink } from '../invites/manage-invites.js';
import { sendInvites } from '../invites/send-invites.js';

/**
 * The handlers of the `invites` contracts (schema/src/endpoints/invites/); its ports: sending
 * invitations commits its own transaction.
 */
export const invitesHandlers = areaHandlers(
  'invites',
  { ports: ['store'] },
  {
    'invites.createLink': { operation: createInviteLink },
    'invites.list': { operation: listInvites },
    'invites.resend': { operation: resendInvite },
    'invites.revoke': { operation: revokeInvite },
    'invites.revokeLink': { operation: revokeInviteLink },
    // Its own transaction: a partial failure keeps what was sent.
    'invites.send': { operation: sendInvites, ownTransactions: true },
  },
);
