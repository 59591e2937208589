import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateUserByEmail } from '../../users/update-user.js';

/** PATCH /users/{email}: {@link updateUserByEmail}. */
export const updateUserByEmailImpl = implement(endpoints['users.updateByEmail'], updateUserByEmail);
