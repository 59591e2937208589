import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getMessage } from '../../messages/get-message.js';

/** GET /messages/{message_id}: {@link getMessage}. */
export const getMessageImpl = implement(endpoints['messages.get'], getMessage);
