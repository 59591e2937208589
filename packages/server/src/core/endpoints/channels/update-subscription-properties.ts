import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateSubscriptionProperties } from '../../channels/update-subscription-properties.js';

/** POST /users/me/subscriptions/properties: {@link updateSubscriptionProperties}. */
export const updateSubscriptionPropertiesImpl = implement(endpoints['channels.updateSubscriptionProperties'], updateSubscriptionProperties);
