import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { addReaction } from '../../messages/reactions.js';

/** POST /messages/{message_id}/reactions: {@link addReaction}. */
export const addReactionImpl = implement(endpoints['messages.addReaction'], addReaction);
