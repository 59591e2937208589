import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deleteReminder } from '../../scheduled-messages/reminders.js';

/** DELETE /reminders/{reminder_id}: {@link deleteReminder}. */
export const removeReminderImpl = implement(endpoints['reminders.remove'], deleteReminder);
