import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updatePresence } from '../../presence/update-presence.js';

/** POST /users/me/presence: {@link updatePresence}. */
export const updatePresenceImpl = implement(endpoints['presence.update'], updatePresence);
