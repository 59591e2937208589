import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateUserOperation } from '../../users/update-user.js';

/** PATCH /users/{user_id}: {@link updateUserOperation}. */
export const updateUserImpl = implement(endpoints['users.update'], updateUserOperation);
