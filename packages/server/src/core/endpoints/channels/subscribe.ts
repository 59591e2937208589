import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { subscribe } from '../../channels/subscribe.js';

/** POST /users/me/subscriptions: {@link subscribe}. */
export const subscribeImpl = implement(endpoints['channels.subscribe'], subscribe);
