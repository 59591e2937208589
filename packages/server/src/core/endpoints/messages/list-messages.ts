import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listMessages } from '../../messages/list-messages.js';

/** GET /messages: {@link listMessages}. */
export const listMessagesImpl = implement(endpoints['messages.list'], listMessages);
