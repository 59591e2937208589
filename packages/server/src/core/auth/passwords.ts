/**
 * Password hashing with the Web Crypto API, so the core runs in Node and in browsers (inside
 * the mock) alike.
 */

import { constantTimeEqual } from '../internal/constant-time.js';
import { randomAlphanumeric, secureRandomBytes, type RandomBytes } from '../internal/random.js';

const ITERATIONS = 100_000;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function derive(password: string, salt: string, iterations: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await globalThis.crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: encoder.encode(salt), iterations },
    key,
    256,
  );
  return toBase64(new Uint8Array(bits));
}

/** Hashes `password` as `pbkdf2_sha256$<iterations>$<salt>$<hash>`. */
export async function hashPassword(
  password: string,
  random: RandomBytes = secureRandomBytes,
  iterations = ITERATIONS,
): Promise<string> {
  const salt = randomAlphanumeric(16, random);
  return `pbkdf2_sha256$${iterations}$${salt}$${await derive(password, salt, iterations)}`;
}

/** Whether `password` matches `hash` (constant-time comparison of the derived keys). */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  const [scheme, iterations, salt, expected] = hash.split('$');
  if (scheme !== 'pbkdf2_sha256' || !iterations || !salt || !expected) return false;
  return constantTimeEqual(await derive(password, salt, Number(iterations)), expected);
}
