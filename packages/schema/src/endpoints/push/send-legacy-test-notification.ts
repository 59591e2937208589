import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /mobile_push/test_notification: a test notification (non-E2EE) to the device of `token`,
 * or to every device token of the caller (FL 217).
 */
export const sendLegacyTestNotification = defineEndpoint({
  name: 'push.testLegacyNotification',
  method: 'POST',
  path: '/mobile_push/test_notification',
  access: 'human',
  since: 217,
  summary: 'Send a test push notification to a device token.',
  docs: 'test-notify',
  params: z.object({
    /** Omitted: every device token of the caller. */
    token: z.string().optional(),
  }),
  response: z.looseObject({}),
  errors: [
    'INVALID_PUSH_DEVICE_TOKEN',
    'INVALID_REMOTE_PUSH_DEVICE_TOKEN',
    'BAD_REQUEST',
    'FAILED_TO_CONNECT_BOUNCER',
    'INTERNAL_SERVER_ERROR_ON_BOUNCER',
    'ADMIN_ACTION_REQUIRED',
  ],
});
