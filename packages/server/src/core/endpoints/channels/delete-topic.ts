import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deleteTopic } from '../../channels/delete-topic.js';

/** POST /streams/{stream_id}/delete_topic: {@link deleteTopic}. */
export const deleteTopicImpl = implement(endpoints['channels.deleteTopic'], deleteTopic, { ownTransactions: true });
