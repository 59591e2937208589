import { areaHandlers, withPrepare } from '../dispatch/handler.js';
import { addUser, prepareAddUser } from '../users/add-user.js';
import { listCustomProfileFields } from '../users/custom-profile-fields.js';
import { deactivateOwnUser, deactivateUser, reactivateUser } from '../users/deactivate-user.js';
import { getOwnUser } from '../users/get-own-user.js';
import { getUser, getUserByEmail } from '../users/get-user.js';
import { listUsers } from '../users/list-users.js';
import { updateUserByEmail, updateUserOperation } from '../users/update-user.js';

/** The handlers of the `users` contracts (schema/src/endpoints/users/). */
export const usersHandlers = areaHandlers(
  'users',
  { ports: [] },
  {
    // The password hashed before the write lock.
    'users.create': withPrepare(prepareAddUser, addUser),
    'users.deactivate': { operation: deactivateUser },
    'users.deactivateOwn': { operation: deactivateOwnUser },
    'users.get': { operation: getUser },
    'users.getByEmail': { operation: getUserByEmail },
    'users.list': { operation: listUsers, keptAnswer: true },
    'users.listCustomProfileFields': { operation: listCustomProfileFields },
    'users.me': { operation: getOwnUser, keptAnswer: true },
    'users.reactivate': { operation: reactivateUser },
    'users.update': { operation: updateUserOperation },
    'users.updateByEmail': { operation: updateUserByEmail },
  },
);
