import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { setEditTypingStatus } from '../../typing/typing.js';

/** POST /messages/{message_id}/typing: {@link setEditTypingStatus}. */
export const setEditTypingStatusImpl = implement(endpoints['typing.setEditStatus'], setEditTypingStatus);
