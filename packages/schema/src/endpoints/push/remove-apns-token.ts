import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /users/me/apns_device_token: forget an APNs token of the caller (`Token does not exist` otherwise). */
export const removeApnsToken = defineEndpoint({
  name: 'push.removeApnsToken',
  method: 'DELETE',
  path: '/users/me/apns_device_token',
  access: 'human',
  summary: 'Remove an APNs device token.',
  docs: 'remove-apns-token',
  params: z.object({ token: z.string() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'FAILED_TO_CONNECT_BOUNCER', 'INTERNAL_SERVER_ERROR_ON_BOUNCER', 'ADMIN_ACTION_REQUIRED'],
});
