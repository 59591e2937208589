import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateScheduledMessage } from '../../scheduled-messages/scheduled-messages.js';

/** PATCH /scheduled_messages/{scheduled_message_id}: {@link updateScheduledMessage}. */
export const updateScheduledMessageImpl = implement(endpoints['scheduledMessages.update'], updateScheduledMessage);
