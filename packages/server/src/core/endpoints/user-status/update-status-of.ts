import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateStatusOf } from '../../user-status/user-status.js';

/** POST /users/{user_id}/status: {@link updateStatusOf}. */
export const updateStatusOfImpl = implement(endpoints['users.updateStatusOf'], updateStatusOf);
