import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deleteQueue } from '../../events/get-events.js';

/** DELETE /events: {@link deleteQueue}. */
export const deleteQueueImpl = implement(endpoints['events.deleteQueue'], deleteQueue, { readOnly: true });
