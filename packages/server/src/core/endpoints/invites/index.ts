import { createInviteLinkImpl } from './create-invite-link.js';
import { listInvitesImpl } from './list-invites.js';
import { resendInviteImpl } from './resend-invite.js';
import { revokeInviteImpl } from './revoke-invite.js';
import { revokeInviteLinkImpl } from './revoke-invite-link.js';
import { sendInvitesImpl } from './send-invites.js';

/** The handlers of the `invites` contracts, in the order of the schema's table. */
export const invites = [listInvitesImpl, sendInvitesImpl, createInviteLinkImpl, revokeInviteImpl, revokeInviteLinkImpl, resendInviteImpl] as const;
