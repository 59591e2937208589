import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { resendInvite } from '../../invites/manage-invites.js';

/** POST /invites/{invite_id}/resend: {@link resendInvite}. */
export const resendInviteImpl = implement(endpoints['invites.resend'], resendInvite);
