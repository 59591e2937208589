import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { addUser, prepareAddUser } from '../../users/add-user.js';

/** POST /users: {@link addUser}, the password hashed before the write lock. */
export const addUserImpl = implement(endpoints['users.create'], addUser, { prepare: prepareAddUser });
