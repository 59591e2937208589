import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deactivateUser } from '../../users/deactivate-user.js';

/** DELETE /users/{user_id}: {@link deactivateUser}. */
export const deactivateUserImpl = implement(endpoints['users.deactivate'], deactivateUser);
