export { registerPushDevice } from './register-push-device.js';
export { sendTestNotification } from './send-test-notification.js';
export { addApnsToken } from './add-apns-token.js';
export { removeApnsToken } from './remove-apns-token.js';
export { addFcmToken } from './add-fcm-token.js';
export { removeFcmToken } from './remove-fcm-token.js';
export { sendLegacyTestNotification } from './send-legacy-test-notification.js';
