import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listSubscriptions } from '../../channels/list-subscriptions.js';

/** GET /users/me/subscriptions: {@link listSubscriptions}. */
export const listSubscriptionsImpl = implement(endpoints['channels.listSubscriptions'], listSubscriptions);
