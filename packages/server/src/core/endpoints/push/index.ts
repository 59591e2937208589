import { registerPushDeviceImpl } from './register-push-device.js';
import { sendTestNotificationImpl } from './send-test-notification.js';

/** The handlers of the `push` contracts, in the order of the schema's table. */
export const push = [registerPushDeviceImpl, sendTestNotificationImpl] as const;
