import type { AreaHandlers } from '../dispatch/handler.js';
import { muteTopic, updateUserTopic } from '../user-topics/user-topics.js';

/** The handlers of the `user-topics` contracts (schema/src/endpoints/user-topics/). */
export const userTopicsHandlers = {
  'userTopics.muteTopic': { operation: muteTopic },
  'userTopics.update': { operation: updateUserTopic },
} satisfies AreaHandlers<'userTopics'>;
