import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getUserByEmail } from '../../users/get-user.js';

/** GET /users/{email}: {@link getUserByEmail}. */
export const getUserByEmailImpl = implement(endpoints['users.getByEmail'], getUserByEmail);
