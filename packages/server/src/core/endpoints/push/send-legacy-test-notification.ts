import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { sendLegacyTestNotification } from '../../push/legacy-tokens.js';

/** POST /mobile_push/test_notification: {@link sendLegacyTestNotification}. */
export const sendLegacyTestNotificationImpl = implement(endpoints['push.testLegacyNotification'], sendLegacyTestNotification, { readOnly: true });
