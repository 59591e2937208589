import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { ScheduledMessageType, ScheduledRecipients } from './scheduled-message-model.js';

/**
 * POST /scheduled_messages: schedule a message; the server sends it at
 * `scheduled_delivery_timestamp`, on its clock (FL 179).
 */
export const createScheduledMessage = defineEndpoint({
  name: 'scheduledMessages.create',
  method: 'POST',
  path: '/scheduled_messages',
  access: 'user',
  since: 179,
  summary: 'Schedule a message.',
  docs: 'create-scheduled-message',
  params: z.object({
    type: ScheduledMessageType,
    to: ScheduledRecipients,
    content: z.string(),
    /** Required for channel messages; ignored otherwise. */
    topic: z.string().optional(),
    /** Seconds since the epoch; in the future. */
    scheduled_delivery_timestamp: z.number().int(),
    /** Whether the message starts out read for the sender (FL 236). */
    read_by_sender: z.boolean().optional(),
  }),
  response: z.looseObject({ scheduled_message_id: z.number().int() }),
  errors: ['BAD_REQUEST', 'STREAM_DOES_NOT_EXIST'],
});
