import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { removeApnsToken, prepareRemoveApnsToken } from '../../push/legacy-tokens.js';

/** DELETE /users/me/apns_device_token: {@link removeApnsToken}. */
export const removeApnsTokenImpl = implement(endpoints['push.removeApnsToken'], removeApnsToken, { prepare: prepareRemoveApnsToken });
