export { createReminder } from './create-reminder.js';
export { listReminders } from './list-reminders.js';
export { removeReminder } from './remove-reminder.js';
