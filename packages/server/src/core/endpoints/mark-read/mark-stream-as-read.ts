import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { markStreamAsRead } from '../../messages/mark-as-read.js';

/** POST /mark_stream_as_read: {@link markStreamAsRead}. */
export const markStreamAsReadImpl = implement(endpoints['messages.markStreamAsRead'], markStreamAsRead);
