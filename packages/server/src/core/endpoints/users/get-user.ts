import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getUser } from '../../users/get-user.js';

/** GET /users/{user_id}: {@link getUser}. */
export const getUserImpl = implement(endpoints['users.get'], getUser);
