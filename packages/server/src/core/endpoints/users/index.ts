import { addUserImpl } from './create-user.js';
import { deactivateOwnUserImpl } from './deactivate-own-user.js';
import { deactivateUserImpl } from './deactivate-user.js';
import { getOwnUserImpl } from './get-own-user.js';
import { getUserByEmailImpl } from './get-user-by-email.js';
import { getUserImpl } from './get-user.js';
import { listCustomProfileFieldsImpl } from './list-custom-profile-fields.js';
import { listUsersImpl } from './list-users.js';
import { reactivateUserImpl } from './reactivate-user.js';
import { updateUserByEmailImpl } from './update-user-by-email.js';
import { updateUserImpl } from './update-user.js';

/** The handlers of the `users` contracts, in the order of the schema's table. */
export const users = [
  listUsersImpl,
  addUserImpl,
  getOwnUserImpl,
  deactivateOwnUserImpl,
  getUserImpl,
  getUserByEmailImpl,
  updateUserImpl,
  updateUserByEmailImpl,
  deactivateUserImpl,
  reactivateUserImpl,
  listCustomProfileFieldsImpl,
] as const;
