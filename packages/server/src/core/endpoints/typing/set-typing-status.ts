import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { setTypingStatus } from '../../typing/typing.js';

/** POST /typing: {@link setTypingStatus}. */
export const setTypingStatusImpl = implement(endpoints['typing.setStatus'], setTypingStatus);
