import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /users/me/apns_device_token: register an iOS device's APNs token for (non-E2EE) push
 * notifications, with the app's ID; passed on to the push bouncer when one is configured.
 */
export const addApnsToken = defineEndpoint({
  name: 'push.addApnsToken',
  method: 'POST',
  path: '/users/me/apns_device_token',
  access: 'human',
  summary: 'Add an APNs device token.',
  docs: 'add-apns-token',
  params: z.object({ token: z.string(), appid: z.string() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'FAILED_TO_CONNECT_BOUNCER', 'INTERNAL_SERVER_ERROR_ON_BOUNCER', 'ADMIN_ACTION_REQUIRED'],
});
