import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { addApnsToken, prepareAddApnsToken } from '../../push/legacy-tokens.js';

/** POST /users/me/apns_device_token: {@link addApnsToken}. */
export const addApnsTokenImpl = implement(endpoints['push.addApnsToken'], addApnsToken, { prepare: prepareAddApnsToken });
