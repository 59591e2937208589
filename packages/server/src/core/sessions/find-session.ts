import type { RequestSession } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';
import { sha256Hex } from '../internal/sha256.js';

/** What a session key looks like (32 letters and digits); anything else is no session. */
const SESSION_KEY = /^[A-Za-z0-9]{32}$/;
/** Digests of keys seen lately: most requests come with a key seen before. */
const digests = new Map<string, string>();
const MAX_DIGESTS = 1024;

/** The ID of the session record of `key`: its SHA-256 (the key itself is never stored). */
export async function sessionDigest(key: string): Promise<string> {
  let digest = digests.get(key);
  if (digest === undefined) {
    digest = await sha256Hex(key);
    if (digests.size >= MAX_DIGESTS) digests.clear();
    digests.set(key, digest);
  }
  return digest;
}

/**
 * The live session of a `sessionid` cookie's value: its record exists (no logout, deactivation
 * or password change ended it), has not expired on the server's clock, and its account is active.
 * Null otherwise (or without a key).
 */
export async function findSession(services: Services, key: string | null): Promise<RequestSession | null> {
  if (key === null || !SESSION_KEY.test(key)) return null;
  const id = await sessionDigest(key);
  const record = services.store.get('sessions', id);
  if (!record || record.expires <= services.now()) return null;
  return services.store.get('users', record.user_id)?.is_active ? { id, userId: record.user_id } : null;
}
