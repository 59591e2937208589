import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { PushRegistration } from '../../models/realm-config.js';

/**
 * POST /mobile_push/register: register a mobile device for end-to-end-encrypted push
 * notifications. Answers at once; the registration with the bouncer completes in the
 * background (a `push_device` event reports the outcome).
 *
 * @see https://zulip.com/api/register-push-device
 */
export const registerPushDevice = defineEndpoint({
  name: 'push.register',
  method: 'POST',
  path: '/mobile_push/register',
  access: 'human',
  since: 406,
  summary: 'Register a device for end-to-end-encrypted push notifications.',
  docs: 'register-push-device',
  params: z.object({ ...PushRegistration.shape }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'PUSH_SERVICE_NOT_CONFIGURED'],
});
