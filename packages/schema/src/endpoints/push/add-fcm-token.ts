import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /users/me/android_gcm_reg_id: register an Android device's FCM registration token for
 * (non-E2EE) push notifications; passed on to the push bouncer when one is configured.
 */
export const addFcmToken = defineEndpoint({
  name: 'push.addFcmToken',
  method: 'POST',
  path: '/users/me/android_gcm_reg_id',
  access: 'human',
  summary: 'Add an FCM registration token.',
  docs: 'add-fcm-token',
  params: z.object({ token: z.string() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'FAILED_TO_CONNECT_BOUNCER', 'INTERNAL_SERVER_ERROR_ON_BOUNCER', 'ADMIN_ACTION_REQUIRED'],
});
