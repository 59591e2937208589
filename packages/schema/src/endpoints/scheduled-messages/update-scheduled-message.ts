import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { ScheduledMessageType, ScheduledRecipients } from './scheduled-message-model.js';

/** PATCH /scheduled_messages/{scheduled_message_id}: change a scheduled message (FL 184). */
export const updateScheduledMessage = defineEndpoint({
  name: 'scheduledMessages.update',
  method: 'PATCH',
  path: '/scheduled_messages/{scheduled_message_id}',
  access: 'user',
  since: 184,
  summary: 'Edit a scheduled message.',
  docs: 'update-scheduled-message',
  params: z.object({
    scheduled_message_id: z.number().int(),
    /** With `to`: a new kind of recipient. */
    type: ScheduledMessageType.optional(),
    to: ScheduledRecipients.optional(),
    content: z.string().optional(),
    topic: z.string().optional(),
    scheduled_delivery_timestamp: z.number().int().optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'STREAM_DOES_NOT_EXIST'],
  /** Another user's scheduled message, or none: 404 as the real server's `ResourceNotFoundError`. */
  errorStatuses: { BAD_REQUEST: [404] },
});
