import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { subscriptionStatus } from '../../channels/is-subscribed.js';

/** GET /users/{user_id}/subscriptions/{stream_id}: {@link subscriptionStatus}. */
export const isSubscribedImpl = implement(endpoints['channels.isSubscribed'], subscriptionStatus);
