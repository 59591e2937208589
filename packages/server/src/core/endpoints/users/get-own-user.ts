import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getOwnUser } from '../../users/get-own-user.js';

/** GET /users/me: {@link getOwnUser}. */
export const getOwnUserImpl = implement(endpoints['users.me'], getOwnUser);
