import { createScheduledMessageImpl } from './create-scheduled-message.js';
import { listScheduledMessagesImpl } from './list-scheduled-messages.js';
import { removeScheduledMessageImpl } from './remove-scheduled-message.js';
import { updateScheduledMessageImpl } from './update-scheduled-message.js';

/** The handlers of the `scheduled-messages` contracts, in the order of the schema's table. */
export const scheduledMessages = [
  listScheduledMessagesImpl,
  createScheduledMessageImpl,
  updateScheduledMessageImpl,
  removeScheduledMessageImpl,
] as const;
