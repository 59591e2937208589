export { getRealmPresence } from './get-realm-presence.js';
export { getUserPresence } from './get-user-presence.js';
export { updatePresence } from './update-presence.js';
