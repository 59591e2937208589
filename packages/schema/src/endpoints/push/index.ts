export { registerPushDevice } from './register-push-device.js';
export { sendTestNotification } from './send-test-notification.js';
