export { createScheduledMessage } from './create-scheduled-message.js';
export { listScheduledMessages } from './list-scheduled-messages.js';
export { removeScheduledMessage } from './remove-scheduled-message.js';
export { updateScheduledMessage } from './update-scheduled-message.js';
