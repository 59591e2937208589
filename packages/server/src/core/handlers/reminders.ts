import type { AreaHandlers } from '../dispatch/handler.js';
import { createReminder, deleteReminder, listReminders } from '../reminders/reminders.js';

/** The handlers of the `reminders` contracts (schema/src/endpoints/reminders/). */
export const remindersHandlers = {
  'reminders.create': { operation: createReminder },
  'reminders.list': { operation: listReminders },
  'reminders.remove': { operation: deleteReminder },
} satisfies AreaHandlers<'reminders'>;
