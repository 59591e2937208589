import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** One outgoing-webhook delivery as the operator view shows it. */
export const WebhookDelivery = z.looseObject({
  id: z.number().int(),
  bot_id: z.number().int(),
  message_id: z.number().int(),
  trigger: z.string(),
  url: z.string(),
  /** `pending` (waiting for an attempt or a retry), `delivered`, or `failed` (given up). */
  status: z.enum(['pending', 'delivered', 'failed']).or(z.string()),
  attempts: z.number().int(),
  /** Seconds since the epoch. */
  created_at: z.number().int(),
  last_attempt_at: z.number().int().nullable(),
  next_attempt_at: z.number().int().nullable(),
  /** HTTP status of the last answer; null when there was none (timeout, no connection). */
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** The bot's reply, when it posted one. */
  reply_message_id: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/**
 * GET /outgoing_webhooks/deliveries — a teamchat addition (the real server has no such
 * endpoint): the recent outgoing-webhook deliveries, newest first, with their status, so
 * integration developers and operators see what was sent, retried or given up. Owners see
 * their bots' deliveries, administrators every bot's.
 */
export const listWebhookDeliveries = defineEndpoint({
  name: 'outgoingWebhooks.deliveries',
  method: 'GET',
  path: '/outgoing_webhooks/deliveries',
  access: 'human-member',
  summary: 'List recent outgoing-webhook deliveries (teamchat addition).',
  docsNote: "A teamchat addition: the reference server's outgoing-webhook deliveries.",
  params: z.object({
    bot_id: z.number().int().optional(),
    limit: z.number().int().min(1).max(1000).default(50),
  }),
  response: z.looseObject({ deliveries: z.array(WebhookDelivery) }),
  errors: ['BAD_REQUEST'],
});
