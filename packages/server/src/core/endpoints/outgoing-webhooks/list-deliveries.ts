import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listWebhookDeliveries } from '../../webhooks/list-deliveries.js';

/** GET /outgoing_webhooks/deliveries: {@link listWebhookDeliveries}. */
export const listWebhookDeliveriesImpl = implement(endpoints['outgoingWebhooks.deliveries'], listWebhookDeliveries);
