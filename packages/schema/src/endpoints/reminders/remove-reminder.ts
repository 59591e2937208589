import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /reminders/{reminder_id}: cancel one of the caller's reminders (FL 399). */
export const removeReminder = defineEndpoint({
  name: 'reminders.remove',
  method: 'DELETE',
  path: '/reminders/{reminder_id}',
  access: 'user',
  since: 399,
  summary: 'Delete a reminder.',
  docs: 'delete-reminder',
  params: z.object({ reminder_id: z.number().int().nonnegative() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
  /** Another user's reminder, or none: 404 as the real server's `ResourceNotFoundError`. */
  errorStatuses: { BAD_REQUEST: [404] },
});
