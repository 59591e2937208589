import { z } from 'zod';

/** A reminder as the API shows it (FL 399): a direct message to oneself, scheduled. */
export const Reminder = z.looseObject({
  reminder_id: z.number().int(),
  /** Always `private`. */
  type: z.literal('private'),
  /** The user who scheduled it, its only recipient. */
  to: z.array(z.number().int()),
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: z.number().int(),
  failed: z.boolean(),
  /** The message the reminder is about. */
  reminder_target_message_id: z.number().int(),
});
