/**
 * @module @teamchat/schema/push
 * The wire format of end-to-end-encrypted push notifications, shared by the server, the push
 * bouncer and the SDK: libsodium sealed boxes (X25519 + XSalsa20-Poly1305, on the audited
 * `@noble` primitives, so it runs in Node and browsers without WebAssembly), base64, and the
 * plaintext schemas. A separate entry: code that does not use push never loads it.
 */
export { fromBase64, generateBoxKeyPair, openSealedBox, sealBox, toBase64 } from './push/sealed-box.js';
export type { BoxKeyPair, RandomFill } from './push/sealed-box.js';
export { PushNotificationData, PushRegistrationData } from './push/push-payloads.js';
