import { createReminderImpl } from './create-reminder.js';
import { listRemindersImpl } from './list-reminders.js';
import { removeReminderImpl } from './remove-reminder.js';

/** The handlers of the `reminders` contracts, in the order of the schema's table. */
export const reminders = [
  listRemindersImpl,
  createReminderImpl,
  removeReminderImpl,
] as const;
