import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deleteScheduledMessage } from '../../scheduled-messages/scheduled-messages.js';

/** DELETE /scheduled_messages/{scheduled_message_id}: {@link deleteScheduledMessage}. */
export const removeScheduledMessageImpl = implement(endpoints['scheduledMessages.remove'], deleteScheduledMessage);
