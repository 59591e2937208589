export { createInviteLink } from './create-invite-link.js';
export { listInvites } from './list-invites.js';
export { resendInvite } from './resend-invite.js';
export { revokeInvite } from './revoke-invite.js';
export { revokeInviteLink } from './revoke-invite-link.js';
export { sendInvites } from './send-invites.js';
