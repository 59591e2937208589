import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /mobile_push/e2ee/test_notification: send an end-to-end-encrypted test notification to
 * one registered device, or to all of the caller's devices.
 *
 * @see https://zulip.com/api/e2ee-test-notify
 */
export const sendTestNotification = defineEndpoint({
  name: 'push.testNotification',
  method: 'POST',
  path: '/mobile_push/e2ee/test_notification',
  access: 'human',
  since: 420,
  summary: 'Send an end-to-end-encrypted test push notification.',
  docs: 'e2ee-test-notify',
  params: z.object({
    /** Omitted: every registered device of the caller. */
    push_account_id: z.number().int().optional(),
  }),
  response: z.looseObject({}),
  errors: [
    'NO_ACTIVE_PUSH_DEVICE',
    'ADMIN_ACTION_REQUIRED',
    'FAILED_TO_CONNECT_BOUNCER',
    'INTERNAL_SERVER_ERROR_ON_BOUNCER',
  ],
});
