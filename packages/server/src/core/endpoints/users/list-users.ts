import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listUsers } from '../../users/list-users.js';

/** GET /users: {@link listUsers}. */
export const listUsersImpl = implement(endpoints['users.list'], listUsers);
