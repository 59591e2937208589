import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { ScheduledMessage } from './scheduled-message-model.js';

/** GET /scheduled_messages: the caller's messages still to send, soonest first (FL 173). */
export const listScheduledMessages = defineEndpoint({
  name: 'scheduledMessages.list',
  method: 'GET',
  path: '/scheduled_messages',
  access: 'user',
  since: 173,
  summary: "Get the caller's scheduled messages.",
  docs: 'get-scheduled-messages',
  params: z.object({}),
  response: z.looseObject({ scheduled_messages: z.array(ScheduledMessage) }),
  errors: [],
});
