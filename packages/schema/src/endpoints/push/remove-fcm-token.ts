import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /users/me/android_gcm_reg_id: forget an FCM token of the caller (`Token does not exist` otherwise). */
export const removeFcmToken = defineEndpoint({
  name: 'push.removeFcmToken',
  method: 'DELETE',
  path: '/users/me/android_gcm_reg_id',
  access: 'human',
  summary: 'Remove an FCM registration token.',
  docs: 'remove-fcm-token',
  params: z.object({ token: z.string() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'FAILED_TO_CONNECT_BOUNCER', 'INTERNAL_SERVER_ERROR_ON_BOUNCER', 'ADMIN_ACTION_REQUIRED'],
});
