import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { reactivateUser } from '../../users/deactivate-user.js';

/** POST /users/{user_id}/reactivate: {@link reactivateUser}. */
export const reactivateUserImpl = implement(endpoints['users.reactivate'], reactivateUser);
