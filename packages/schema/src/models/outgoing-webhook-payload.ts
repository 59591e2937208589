import { z } from 'zod';
import { Message } from './message.js';

/**
 * What the server POSTs to an outgoing-webhook bot's URL when a message triggers it.
 *
 * @see https://zulip.com/api/outgoing-webhooks
 */
export const OutgoingWebhookPayload = z.looseObject({
  bot_email: z.string(),
  bot_full_name: z.string(),
  data: z.string(),
  trigger: z.enum(['direct_message', 'mention']).or(z.string()),
  token: z.string(),
  message: Message.extend({ rendered_content: z.string() }),
});
export type OutgoingWebhookPayload = z.infer<typeof OutgoingWebhookPayload>;

/** What an integration may answer: a reply, or a note that none is needed. */
export const OutgoingWebhookReply = z.looseObject({
  content: z.string().optional(),
  response_string: z.string().optional(),
  response_not_required: z.boolean().optional(),
});
export type OutgoingWebhookReply = z.infer<typeof OutgoingWebhookReply>;
