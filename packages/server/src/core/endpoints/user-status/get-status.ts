import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getUserStatus } from '../../user-status/user-status.js';

/** GET /users/{user_id}/status: {@link getUserStatus}. */
export const getStatusImpl = implement(endpoints['users.getStatus'], getUserStatus);
