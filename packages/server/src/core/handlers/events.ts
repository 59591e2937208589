import type { AreaHandlers } from '../dispatch/handler.js';
import { deleteQueue, getEvents } from '../events/get-events.js';
import { registerQueue } from '../register/register-queue.js';

/** The handlers of the `events` contracts (schema/src/endpoints/events/). */
export const eventsHandlers = {
  'events.deleteQueue': { operation: deleteQueue, readOnly: true },
  'events.get': { operation: getEvents },
  'events.register': { operation: registerQueue, readOnly: true },
} satisfies AreaHandlers<'events'>;
