import { areaHandlers, withPrepare } from '../dispatch/handler.js';
import {
  addApnsToken,
  addFcmToken,
  prepareAddApnsToken,
  prepareAddFcmToken,
  prepareRemoveApnsToken,
  prepareRemoveFcmToken,
  removeApnsToken,
  removeFcmToken,
  sendLegacyTestNotification,
} from '../push/legacy-tokens.js';
import { registerPushDevice } from '../push/register-push-device.js';
import { sendTestNotification } from '../push/test-notification.js';

/**
 * The handlers of the `push` contracts (schema/src/endpoints/push/); its ports: devices register
 * through the outbox (jobs); test notifications and device tokens reach the bouncer (outbound
 * HTTP, this server's identity in the store).
 */
export const pushHandlers = areaHandlers(
  'push',
  { ports: ['jobs', 'outbound', 'store'] },
  {
    'push.addApnsToken': withPrepare(prepareAddApnsToken, addApnsToken),
    'push.addFcmToken': withPrepare(prepareAddFcmToken, addFcmToken),
    'push.register': { operation: registerPushDevice },
    'push.removeApnsToken': withPrepare(prepareRemoveApnsToken, removeApnsToken),
    'push.removeFcmToken': withPrepare(prepareRemoveFcmToken, removeFcmToken),
    'push.testLegacyNotification': { operation: sendLegacyTestNotification, readOnly: true },
    // It waits for the bouncer outside the write lock (it writes nothing).
    'push.testNotification': { operation: sendTestNotification, readOnly: true },
  },
);
