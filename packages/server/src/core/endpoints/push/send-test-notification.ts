import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { sendTestNotification } from '../../push/test-notification.js';

/** POST /mobile_push/e2ee/test_notification: {@link sendTestNotification}; it waits for the bouncer outside the write lock (it writes nothing). */
export const sendTestNotificationImpl = implement(endpoints['push.testNotification'], sendTestNotification, { readOnly: true });
