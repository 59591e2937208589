import { z } from 'zod';

/** A scheduled message as the API shows it. */
export const ScheduledMessage = z.looseObject({
  scheduled_message_id: z.number().int(),
  type: z.enum(['stream', 'private']),
  /** The channel ID, or the recipients' user IDs. */
  to: z.union([z.number().int(), z.array(z.number().int())]),
  /** Only for channel messages. */
  topic: z.string().optional(),
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: z.number().int(),
  /** The server tried to send it and could not (FL 181). */
  failed: z.boolean(),
});

/** Recipients of a scheduled message: a channel ID, or user IDs. */
export const ScheduledRecipients = z.union([z.number().int(), z.array(z.number().int())]);

/** Message types of a scheduled message (the legacy spellings too). */
export const ScheduledMessageType = z.enum(['direct', 'private', 'stream', 'channel']);
