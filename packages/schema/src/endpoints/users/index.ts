export { getOwnUser } from './get-own-user.js';
export { listUsers } from './list-users.js';
