import { areaHandlers } from '../dispatch/handler.js';
import { getRealmPresence } from '../presence/get-realm-presence.js';
import { getUserPresence } from '../presence/get-user-presence.js';
import { updatePresence } from '../presence/update-presence.js';

/** The handlers of the `presence` contracts (schema/src/endpoints/presence/). */
export const presenceHandlers = areaHandlers(
  'presence',
  { ports: [] },
  {
    'presence.get': { operation: getUserPresence },
    'presence.getRealm': { operation: getRealmPresence },
    'presence.update': { operation: updatePresence },
  },
);
