import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { prepareUpdateMessage, updateMessage } from '../../messages/update-message.js';

/** PATCH /messages/{message_id}: {@link updateMessage}, the content digest computed before the write lock. */
export const updateMessageImpl = implement(endpoints['messages.update'], updateMessage, { prepare: prepareUpdateMessage });
