/**
 * @module @teamchat/client-sdk/push
 * Helpers for end-to-end-encrypted push: a device key pair, the encrypted registration for
 * `client.push.register`, and the decryption of received notifications. A separate entry, so
 * pages that do not use push do not bundle the cryptography.
 */
export {
  decryptPushNotification,
  encryptPushRegistration,
  generatePushKeyPair,
  pushRegistrationParams,
} from './push/push-crypto.js';
export type { PushKeyPair, PushRegistrationInput } from './push/push-crypto.js';
export type { PushNotificationData } from '@teamchat/schema/push';
