import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listTopics } from '../../channels/list-topics.js';

/** GET /users/me/{stream_id}/topics: {@link listTopics}. */
export const listTopicsImpl = implement(endpoints['channels.listTopics'], listTopics);
