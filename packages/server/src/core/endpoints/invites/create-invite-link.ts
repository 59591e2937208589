import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createInviteLink } from '../../invites/create-invite-link.js';

/** POST /invites/multiuse: {@link createInviteLink}. */
export const createInviteLinkImpl = implement(endpoints['invites.createLink'], createInviteLink);
