import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listInvites } from '../../invites/manage-invites.js';

/** GET /invites: {@link listInvites}. */
export const listInvitesImpl = implement(endpoints['invites.list'], listInvites);
