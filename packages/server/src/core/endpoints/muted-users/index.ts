import { muteUserImpl } from './mute-user.js';
import { unmuteUserImpl } from './unmute-user.js';

/** The handlers of the `muted-users` contracts, in the order of the schema's table. */
export const mutedUsers = [
  muteUserImpl,
  unmuteUserImpl,
] as const;
