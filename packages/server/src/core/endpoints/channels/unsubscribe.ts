import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { unsubscribe } from '../../channels/unsubscribe.js';

/** DELETE /users/me/subscriptions: {@link unsubscribe}. */
export const unsubscribeImpl = implement(endpoints['channels.unsubscribe'], unsubscribe);
