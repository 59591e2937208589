import { areaHandlers } from '../dispatch/handler.js';
import { muteTopic, updateUserTopic } from '../user-topics/user-topics.js';

/** The handlers of the `user-topics` contracts (schema/src/endpoints/user-topics/). */
export const userTopicsHandlers = areaHandlers(
  'userTopics',
  { ports: [] },
  {
    'userTopics.muteTopic': { operation: muteTopic },
    'userTopics.update': { operation: updateUserTopic },
  },
);
