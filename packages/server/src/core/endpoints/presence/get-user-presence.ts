import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getUserPresence } from '../../presence/get-user-presence.js';

/** GET /users/{user_id_or_email}/presence: {@link getUserPresence}. */
export const getUserPresenceImpl = implement(endpoints['presence.get'], getUserPresence);
