import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { sendInvites } from '../../invites/send-invites.js';

/** POST /invites: {@link sendInvites} (its own transaction: a partial failure keeps what was sent). */
export const sendInvitesImpl = implement(endpoints['invites.send'], sendInvites, { ownTransactions: true });
