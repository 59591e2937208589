import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { revokeInvite } from '../../invites/manage-invites.js';

/** DELETE /invites/{invite_id}: {@link revokeInvite}. */
export const revokeInviteImpl = implement(endpoints['invites.revoke'], revokeInvite);
