import { areaHandlers } from '../dispatch/handler.js';
import { createReminder, deleteReminder, listReminders } from '../reminders/reminders.js';

/** The handlers of the `reminders` contracts (schema/src/endpoints/reminders/). */
export const remindersHandlers = areaHandlers(
  'reminders',
  { ports: [] },
  {
    'reminders.create': { operation: createReminder },
    'reminders.list': { operation: listReminders },
    'reminders.remove': { operation: deleteReminder },
  },
);
