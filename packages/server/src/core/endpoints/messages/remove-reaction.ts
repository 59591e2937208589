import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { removeReaction } from '../../messages/reactions.js';

/** DELETE /messages/{message_id}/reactions: {@link removeReaction}. */
export const removeReactionImpl = implement(endpoints['messages.removeReaction'], removeReaction);
