import { getRealmPresenceImpl } from './get-realm-presence.js';
import { getUserPresenceImpl } from './get-user-presence.js';
import { updatePresenceImpl } from './update-presence.js';

/** The handlers of the `presence` contracts, in the order of the schema's table. */
export const presence = [
  updatePresenceImpl,
  getRealmPresenceImpl,
  getUserPresenceImpl,
] as const;
