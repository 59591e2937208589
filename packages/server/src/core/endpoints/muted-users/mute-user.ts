import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { muteUser } from '../../muted-users/muted-users.js';

/** POST /users/me/muted_users/{muted_user_id}: {@link muteUser}. */
export const muteUserImpl = implement(endpoints['mutedUsers.mute'], muteUser);
