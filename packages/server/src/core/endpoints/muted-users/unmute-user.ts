import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { unmuteUser } from '../../muted-users/muted-users.js';

/** DELETE /users/me/muted_users/{muted_user_id}: {@link unmuteUser}. */
export const unmuteUserImpl = implement(endpoints['mutedUsers.unmute'], unmuteUser);
