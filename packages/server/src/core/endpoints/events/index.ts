import { deleteQueueImpl } from './delete-queue.js';
import { getEventsImpl } from './get-events.js';
import { registerQueueImpl } from './register-queue.js';

/** The handlers of the `events` contracts, in the order of the schema's table. */
export const events = [
  registerQueueImpl,
  getEventsImpl,
  deleteQueueImpl,
] as const;
