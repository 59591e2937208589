import { areaHandlers } from '../dispatch/handler.js';
import { getUserStatus, updateOwnStatus, updateStatusOf } from '../user-status/user-status.js';

/** The handlers of the `user-status` contracts (schema/src/endpoints/user-status/). */
export const userStatusHandlers = areaHandlers(
  'userStatus',
  { ports: [] },
  {
    'users.getStatus': { operation: getUserStatus },
    'users.updateStatus': { operation: updateOwnStatus },
    'users.updateStatusOf': { operation: updateStatusOf },
  },
);
