export { notifyOutgoingWebhook } from './notify-outgoing-webhook.js';
