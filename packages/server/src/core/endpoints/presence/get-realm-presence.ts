import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getRealmPresence } from '../../presence/get-realm-presence.js';

/** GET /realm/presence: {@link getRealmPresence}. */
export const getRealmPresenceImpl = implement(endpoints['presence.getRealm'], getRealmPresence);
