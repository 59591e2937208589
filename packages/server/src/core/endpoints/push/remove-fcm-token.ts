import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { removeFcmToken, prepareRemoveFcmToken } from '../../push/legacy-tokens.js';

/** DELETE /users/me/android_gcm_reg_id: {@link removeFcmToken}. */
export const removeFcmTokenImpl = implement(endpoints['push.removeFcmToken'], removeFcmToken, { prepare: prepareRemoveFcmToken });
