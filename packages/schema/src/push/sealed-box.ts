import { hsalsa, xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';

/** An X25519 key pair (32-byte keys), as libsodium's `crypto_box_keypair` makes it. */
export interface BoxKeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** Fills a buffer with random bytes (`crypto.getRandomValues`, or a seeded source in tests). */
export type RandomFill = (length: number) => Uint8Array;

const defaultRandom: RandomFill = (length) => crypto.getRandomValues(new Uint8Array(length));

const SIGMA = new Uint32Array([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);

/** libsodium's `crypto_box_beforenm`: HSalsa20 of the X25519 shared secret. */
function boxKey(publicKey: Uint8Array, secretKey: Uint8Array): Uint8Array {
  const shared = x25519.getSharedSecret(secretKey, publicKey);
  const words = new Uint32Array(shared.buffer.slice(shared.byteOffset, shared.byteOffset + 32));
  const out = new Uint32Array(8);
  hsalsa(SIGMA, words, new Uint32Array(4), out);
  return new Uint8Array(out.buffer);
}

/** The sealed-box nonce: BLAKE2b-192 of the ephemeral and the recipient public keys. */
function sealNonce(ephemeral: Uint8Array, recipient: Uint8Array): Uint8Array {
  const input = new Uint8Array(64);
  input.set(ephemeral, 0);
  input.set(recipient, 32);
  return blake2b(input, { dkLen: 24 });
}

/** A new X25519 key pair. */
export function generateBoxKeyPair(random: RandomFill = defaultRandom): BoxKeyPair {
  const { secretKey, publicKey } = x25519.keygen(random(32));
  return { publicKey, secretKey };
}

/**
 * libsodium's `crypto_box_seal` (X25519 + XSalsa20-Poly1305, an ephemeral sender key): what
 * the real server, the bouncer and the mobile apps use for E2EE push. Output: the ephemeral
 * public key (32 bytes), then the ciphertext with its 16-byte tag.
 */
export function sealBox(
  message: Uint8Array,
  recipientPublicKey: Uint8Array,
  random: RandomFill = defaultRandom,
): Uint8Array {
  if (recipientPublicKey.length !== 32) throw new TypeError('a sealed box needs a 32-byte X25519 public key');
  const ephemeral = generateBoxKeyPair(random);
  const sealed = xsalsa20poly1305(
    boxKey(recipientPublicKey, ephemeral.secretKey),
    sealNonce(ephemeral.publicKey, recipientPublicKey),
  ).encrypt(message);
  const out = new Uint8Array(32 + sealed.length);
  out.set(ephemeral.publicKey, 0);
  out.set(sealed, 32);
  return out;
}

/** libsodium's `crypto_box_seal_open`: the message, or null when the box is not for this key pair or was altered. */
export function openSealedBox(box: Uint8Array, keyPair: BoxKeyPair): Uint8Array | null {
  if (box.length < 48) return null;
  const ephemeral = box.subarray(0, 32);
  try {
    return xsalsa20poly1305(boxKey(ephemeral, keyPair.secretKey), sealNonce(ephemeral, keyPair.publicKey)).decrypt(
      box.subarray(32),
    );
  } catch {
    return null;
  }
}

/** RFC 4648 standard base64 of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Bytes of RFC 4648 standard base64 text, or null when it is not valid base64. */
export function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
