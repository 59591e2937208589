import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateOwnStatus } from '../../user-status/user-status.js';

/** POST /users/me/status: {@link updateOwnStatus}. */
export const updateStatusImpl = implement(endpoints['users.updateStatus'], updateOwnStatus);
