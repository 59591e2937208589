import {
  fromBase64,
  generateBoxKeyPair,
  openSealedBox,
  PushNotificationData,
  sealBox,
  toBase64,
} from '@teamchat/schema/push';

/** A device's key pair for E2EE push, base64 (RFC 4648 standard). Keep `secretKey` on the device. */
export interface PushKeyPair {
  publicKey: string;
  secretKey: string;
}

/** A new key pair for a device: send `publicKey` as `push_public_key`, decrypt notifications with both. */
export function generatePushKeyPair(): PushKeyPair {
  const pair = generateBoxKeyPair();
  return { publicKey: toBase64(pair.publicKey), secretKey: toBase64(pair.secretKey) };
}

function bytesOf(base64: string, what: string): Uint8Array {
  const bytes = fromBase64(base64);
  if (!bytes || bytes.length !== 32) throw new TypeError(`[teamchat-sdk] ${what} must be a base64 32-byte key`);
  return bytes;
}

/** What a device registers with the bouncer. */
export interface PushRegistrationInput {
  /** One of the bouncer's public keys (base64), e.g. from `teamchat-push-bouncer keys`. */
  bouncerPublicKey: string;
  /** The FCM registration token, or the APNs device token (hex). */
  token: string;
  tokenKind: 'fcm' | 'apns';
  /** The app's bundle ID: required for APNs, absent for FCM. */
  iosAppId?: string;
  /** Seconds since the epoch (default now): the bouncer refuses stale registrations. */
  timestamp?: number;
}

/**
 * `encrypted_push_registration`: the registration JSON sealed (libsodium `crypto_box_seal`)
 * to the bouncer's public key, base64, as the mobile apps send it.
 *
 * @see https://zulip.com/api/register-push-device
 */
export function encryptPushRegistration(input: PushRegistrationInput): string {
  const data = {
    token: input.token,
    token_kind: input.tokenKind,
    timestamp: input.timestamp ?? Math.floor(Date.now() / 1000),
    ...(input.tokenKind === 'apns' ? { ios_app_id: input.iosAppId ?? null } : {}),
  };
  return toBase64(
    sealBox(new TextEncoder().encode(JSON.stringify(data)), bytesOf(input.bouncerPublicKey, 'bouncerPublicKey')),
  );
}

/**
 * The parameters of `client.push.register` for a device: its key pair's public key, the
 * bouncer key used and the encrypted registration.
 *
 * @example
 * const keys = generatePushKeyPair();
 * await client.push.register(pushRegistrationParams({ pushAccountId: 2408, keyPair: keys, bouncerPublicKey, token, tokenKind: 'fcm' }));
 */
export function pushRegistrationParams(input: PushRegistrationInput & { pushAccountId: number; keyPair: PushKeyPair }) {
  return {
    token_kind: input.tokenKind,
    push_account_id: input.pushAccountId,
    push_public_key: input.keyPair.publicKey,
    bouncer_public_key: input.bouncerPublicKey,
    encrypted_push_registration: encryptPushRegistration(input),
  };
}

/**
 * Decrypts the `encrypted_data` of a received notification with the device's key pair:
 * a `test`, `message` or `remove` notification. Throws when it is not for this device.
 */
export function decryptPushNotification(encryptedData: string, keyPair: PushKeyPair): PushNotificationData {
  const box = fromBase64(encryptedData);
  const opened =
    box &&
    openSealedBox(box, {
      publicKey: bytesOf(keyPair.publicKey, 'publicKey'),
      secretKey: bytesOf(keyPair.secretKey, 'secretKey'),
    });
  if (!opened)
    throw new TypeError('[teamchat-sdk] the notification is not encrypted to this key pair (or was altered)');
  return PushNotificationData.parse(JSON.parse(new TextDecoder().decode(opened)));
}
