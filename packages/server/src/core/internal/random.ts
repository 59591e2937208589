/** Random values for keys, salts and IDs, from the Web Crypto API (Node and browsers alike). */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A source of random bytes; the mock passes a seeded one for deterministic fixtures. */
export type RandomBytes = (length: number) => Uint8Array;

/** Cryptographically random bytes. */
export const secureRandomBytes: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** A random string of `length` letters and digits (API keys are 32 of them). */
export function randomAlphanumeric(length: number, random: RandomBytes = secureRandomBytes): string {
  const bytes = random(length);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}
