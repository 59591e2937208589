import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deactivateOwnUser } from '../../users/deactivate-user.js';

/** DELETE /users/me: {@link deactivateOwnUser}. */
export const deactivateOwnUserImpl = implement(endpoints['users.deactivateOwn'], deactivateOwnUser);
