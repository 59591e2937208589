import { muteTopicImpl } from './mute-topic.js';
import { updateUserTopicImpl } from './update-user-topic.js';

/** The handlers of the `user-topics` contracts, in the order of the schema's table. */
export const userTopics = [
  updateUserTopicImpl,
  muteTopicImpl,
] as const;
