import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /reminders: schedule a reminder about a message the caller can read, sent to them by
 * the Notification Bot at `scheduled_delivery_timestamp` (FL 381; `note` FL 415).
 */
export const createReminder = defineEndpoint({
  name: 'reminders.create',
  method: 'POST',
  path: '/reminders',
  access: 'user',
  since: 381,
  summary: 'Create a message reminder.',
  docs: 'create-message-reminder',
  params: z.object({
    message_id: z.number().int(),
    /** Seconds since the epoch; must be in the future. */
    scheduled_delivery_timestamp: z.number().int(),
    /** Shown in the reminder (at most 1000 characters). */
    note: z.string().optional(),
  }),
  response: z.looseObject({ reminder_id: z.number().int() }),
  errors: ['BAD_REQUEST'],
});
