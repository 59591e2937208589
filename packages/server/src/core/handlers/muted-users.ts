import { areaHandlers } from '../dispatch/handler.js';
import { muteUser, unmuteUser } from '../muted-users/muted-users.js';

/**
 * The handlers of the `muted-users` contracts (schema/src/endpoints/muted-users/); its ports:
 * muting a user marks their messages read (hooks and jobs).
 */
export const mutedUsersHandlers = areaHandlers(
  'mutedUsers',
  { ports: ['hooks', 'jobs'] },
  {
    'mutedUsers.mute': { operation: muteUser },
    'mutedUsers.unmute': { operation: unmuteUser },
  },
);
