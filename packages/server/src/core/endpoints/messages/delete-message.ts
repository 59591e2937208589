import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deleteMessage } from '../../messages/delete-message.js';

/** DELETE /messages/{message_id}: {@link deleteMessage}. */
export const deleteMessageImpl = implement(endpoints['messages.delete'], deleteMessage);
