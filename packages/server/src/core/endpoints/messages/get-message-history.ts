import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getMessageHistory } from '../../messages/get-message-history.js';

/** GET /messages/{message_id}/history: {@link getMessageHistory}. */
export const getMessageHistoryImpl = implement(endpoints['messages.history'], getMessageHistory);
