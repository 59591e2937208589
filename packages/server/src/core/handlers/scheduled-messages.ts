import { areaHandlers } from '../dispatch/handler.js';
import {
  createScheduledMessage,
  deleteScheduledMessage,
  listScheduledMessages,
  updateScheduledMessage,
} from '../scheduled-messages/scheduled-messages.js';

/** The handlers of the `scheduled-messages` contracts (schema/src/endpoints/scheduled-messages/). */
export const scheduledMessagesHandlers = areaHandlers(
  'scheduledMessages',
  { ports: [] },
  {
    'scheduledMessages.create': { operation: createScheduledMessage },
    'scheduledMessages.list': { operation: listScheduledMessages },
    'scheduledMessages.remove': { operation: deleteScheduledMessage },
    'scheduledMessages.update': { operation: updateScheduledMessage },
  },
);
