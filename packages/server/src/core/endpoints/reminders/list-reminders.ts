import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listReminders } from '../../scheduled-messages/reminders.js';

/** GET /reminders: {@link listReminders}. */
export const listRemindersImpl = implement(endpoints['reminders.list'], listReminders);
