export { updateRealm } from './update-realm.js';
