import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { addFcmToken, prepareAddFcmToken } from '../../push/legacy-tokens.js';

/** POST /users/me/android_gcm_reg_id: {@link addFcmToken}. */
export const addFcmTokenImpl = implement(endpoints['push.addFcmToken'], addFcmToken, { prepare: prepareAddFcmToken });
