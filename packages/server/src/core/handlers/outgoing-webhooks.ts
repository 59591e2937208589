import { areaHandlers } from '../dispatch/handler.js';
import { listWebhookDeliveries } from '../outgoing-webhooks/list-deliveries.js';

/** The handlers of the `outgoing-webhooks` contracts (schema/src/endpoints/outgoing-webhooks/). */
export const outgoingWebhooksHandlers = areaHandlers(
  'outgoingWebhooks',
  { ports: [] },
  {
    'outgoingWebhooks.deliveries': { operation: listWebhookDeliveries },
  },
);
