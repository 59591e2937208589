import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { MAX_WELCOME_MESSAGE_LENGTH } from '../invites/invite-params.js';

/**
 * POST /realm/test_welcome_bot_custom_message: the Welcome Bot sends the acting administrator
 * a direct message with `welcome_message_custom_text`, as new users would get it on sign-up.
 */
export const testWelcomeBotCustomMessage = defineEndpoint({
  name: 'realm.testWelcomeBotCustomMessage',
  method: 'POST',
  path: '/realm/test_welcome_bot_custom_message',
  access: 'admin',
  since: 416,
  summary: 'Send the acting administrator a test Welcome Bot custom message.',
  docs: 'test-welcome-bot-custom-message',
  params: z.object({ welcome_message_custom_text: z.string().max(MAX_WELCOME_MESSAGE_LENGTH) }),
  response: z.looseObject({ message_id: z.number().int() }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
