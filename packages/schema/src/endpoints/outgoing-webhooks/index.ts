export { listWebhookDeliveries, WebhookDelivery } from './list-deliveries.js';
export { notifyOutgoingWebhook } from './notify-outgoing-webhook.js';
