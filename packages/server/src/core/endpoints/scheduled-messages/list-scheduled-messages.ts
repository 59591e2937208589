import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listScheduledMessages } from '../../scheduled-messages/scheduled-messages.js';

/** GET /scheduled_messages: {@link listScheduledMessages}. */
export const listScheduledMessagesImpl = implement(endpoints['scheduledMessages.list'], listScheduledMessages);
