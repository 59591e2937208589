import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createReminder } from '../../scheduled-messages/reminders.js';

/** POST /reminders: {@link createReminder}. */
export const createReminderImpl = implement(endpoints['reminders.create'], createReminder);
