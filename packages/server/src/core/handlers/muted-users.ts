import type { AreaHandlers } from '../dispatch/handler.js';
import { muteUser, unmuteUser } from '../muted-users/muted-users.js';

/** The handlers of the `muted-users` contracts (schema/src/endpoints/muted-users/). */
export const mutedUsersHandlers = {
  'mutedUsers.mute': { operation: muteUser },
  'mutedUsers.unmute': { operation: unmuteUser },
} satisfies AreaHandlers<'mutedUsers'>;
