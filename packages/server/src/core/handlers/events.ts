import { areaHandlers } from '../dispatch/handler.js';
import { deleteQueue, getEvents } from '../events/get-events.js';
import { registerQueue } from '../register/register-queue.js';

/**
 * The handlers of the `events` contracts (schema/src/endpoints/events/); its ports: POST /register
 * reads what is committed, and a queue's narrow filter reads the store later.
 */
export const eventsHandlers = areaHandlers(
  'events',
  { ports: ['store'] },
  {
    'events.deleteQueue': { operation: deleteQueue, readOnly: true },
    'events.get': { operation: getEvents },
    'events.register': { operation: registerQueue, readOnly: true },
  },
);
