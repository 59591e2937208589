import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createScheduledMessage } from '../../scheduled-messages/scheduled-messages.js';

/** POST /scheduled_messages: {@link createScheduledMessage}. */
export const createScheduledMessageImpl = implement(endpoints['scheduledMessages.create'], createScheduledMessage);
