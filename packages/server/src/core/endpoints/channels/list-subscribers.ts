import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listSubscribers } from '../../channels/list-subscribers.js';

/** GET /streams/{stream_id}/members: {@link listSubscribers}. */
export const listSubscribersImpl = implement(endpoints['channels.listSubscribers'], listSubscribers);
