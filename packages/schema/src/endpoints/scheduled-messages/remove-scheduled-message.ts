import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /scheduled_messages/{scheduled_message_id}: unschedule a message (FL 173). */
export const removeScheduledMessage = defineEndpoint({
  name: 'scheduledMessages.remove',
  method: 'DELETE',
  path: '/scheduled_messages/{scheduled_message_id}',
  access: 'user',
  since: 173,
  summary: 'Delete a scheduled message.',
  docs: 'delete-scheduled-message',
  params: z.object({ scheduled_message_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
  /** Another user's scheduled message, or none: 404 as the real server's `ResourceNotFoundError`. */
  errorStatuses: { BAD_REQUEST: [404] },
});
