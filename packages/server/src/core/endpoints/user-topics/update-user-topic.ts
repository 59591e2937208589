import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateUserTopic } from '../../user-topics/user-topics.js';

/** POST /user_topics: {@link updateUserTopic}. */
export const updateUserTopicImpl = implement(endpoints['userTopics.update'], updateUserTopic);
