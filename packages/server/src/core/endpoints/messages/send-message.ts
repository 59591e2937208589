import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { sendMessage } from '../../messages/send-message.js';

/** POST /messages: {@link sendMessage}. */
export const sendMessageImpl = implement(endpoints['messages.send'], sendMessage);
