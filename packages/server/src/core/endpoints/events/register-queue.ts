import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { registerQueue } from '../../register/register-queue.js';

/** POST /register: {@link registerQueue}. */
export const registerQueueImpl = implement(endpoints['events.register'], registerQueue, { readOnly: true });
