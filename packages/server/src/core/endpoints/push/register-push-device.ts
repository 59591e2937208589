import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { registerPushDevice } from '../../push/register-push-device.js';

/** POST /mobile_push/register: {@link registerPushDevice}. */
export const registerPushDeviceImpl = implement(endpoints['push.register'], registerPushDevice);
