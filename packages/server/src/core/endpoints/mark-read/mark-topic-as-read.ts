import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { markTopicAsRead } from '../../messages/mark-as-read.js';

/** POST /mark_topic_as_read: {@link markTopicAsRead}. */
export const markTopicAsReadImpl = implement(endpoints['messages.markTopicAsRead'], markTopicAsRead);
