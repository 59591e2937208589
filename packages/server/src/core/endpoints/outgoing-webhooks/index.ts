import { listWebhookDeliveriesImpl } from './list-deliveries.js';

/** The handlers of the `outgoing-webhooks` contracts (the notification itself is sent, not served). */
export const outgoingWebhooks = [listWebhookDeliveriesImpl] as const;
