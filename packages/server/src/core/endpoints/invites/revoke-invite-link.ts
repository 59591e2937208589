import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { revokeInviteLink } from '../../invites/manage-invites.js';

/** DELETE /invites/multiuse/{invite_id}: {@link revokeInviteLink}. */
export const revokeInviteLinkImpl = implement(endpoints['invites.revokeLink'], revokeInviteLink);
