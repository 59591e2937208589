import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { muteTopic } from '../../user-topics/user-topics.js';

/** PATCH /users/me/subscriptions/muted_topics: {@link muteTopic}. */
export const muteTopicImpl = implement(endpoints['userTopics.muteTopic'], muteTopic);
