import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateSubscriptions } from '../../channels/update-subscriptions.js';

/** PATCH /users/me/subscriptions: {@link updateSubscriptions}. */
export const updateSubscriptionsImpl = implement(endpoints['channels.updateSubscriptions'], updateSubscriptions);
