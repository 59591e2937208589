import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { OutgoingWebhookPayload, OutgoingWebhookReply } from '../../models/outgoing-webhook-payload.js';

/**
 * POST /service-outgoing-webhook: the request our server SENDS to an outgoing-webhook bot's
 * URL when a message mentions the bot or is a direct message to it. Declared with direction
 * `outgoing`: the server and mock never route it, and it is no SDK or CLI method. The bot
 * authenticates it by the `token`; the reply may post a message back.
 *
 * @see https://zulip.com/api/outgoing-webhooks
 */
export const notifyOutgoingWebhook = defineEndpoint({
  name: 'outgoingWebhooks.notify',
  method: 'POST',
  path: '/service-outgoing-webhook',
  access: 'public',
  direction: 'outgoing',
  summary: "The notification sent to an outgoing-webhook bot's server.",
  params: z.object({ ...OutgoingWebhookPayload.shape }),
  response: OutgoingWebhookReply,
  errors: [],
});
