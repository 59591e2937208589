import { registerPushDeviceImpl } from './register-push-device.js';
import { sendTestNotificationImpl } from './send-test-notification.js';
import { addApnsTokenImpl } from './add-apns-token.js';
import { removeApnsTokenImpl } from './remove-apns-token.js';
import { addFcmTokenImpl } from './add-fcm-token.js';
import { removeFcmTokenImpl } from './remove-fcm-token.js';
import { sendLegacyTestNotificationImpl } from './send-legacy-test-notification.js';

/** The handlers of the `push` contracts, in the order of the schema's table. */
export const push = [
  registerPushDeviceImpl,
  sendTestNotificationImpl,
  addApnsTokenImpl,
  removeApnsTokenImpl,
  addFcmTokenImpl,
  removeFcmTokenImpl,
  sendLegacyTestNotificationImpl,
] as const;
