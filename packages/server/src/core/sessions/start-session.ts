import { organizationDeactivated } from '../auth/authenticate.js';
import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { randomAlphanumeric } from '../internal/random.js';
import { sessionDigest } from './find-session.js';

/** A new session's key and the ID of its record, made before the write lock (hashing is async). */
export interface NewSessionKey {
  key: string;
  id: string;
}

/** What a login answers the transport with: the cookie's value and when it ends. */
export interface StartedSession {
  session_key: string;
  /** Milliseconds since the epoch (server clock). */
  session_expires: number;
}

/** A fresh session key (32 letters and digits, as Django's) and its record's ID. */
export async function newSessionKey(ctx: Pick<Context, 'random'>): Promise<NewSessionKey> {
  const key = randomAlphanumeric(32, ctx.random);
  return { key, id: await sessionDigest(key) };
}

/**
 * Starts a web session for `user` inside the write transaction, lasting
 * `config.sessionLifetimeSecs`; expired sessions are dropped on the way, so the collection
 * stays bounded by the live ones.
 *
 * @throws {ApiError} `USER_DEACTIVATED` when the account was deactivated meanwhile.
 */
export function startSession(ctx: Context, user: UserRecord, key: NewSessionKey): StartedSession {
  const current = ctx.db.get('users', user.id);
  if (!current?.is_active) throw new ApiError('USER_DEACTIVATED', 'Account is deactivated');
  // The real login refuses an organization the operator deactivated (RealmDeactivatedError).
  if (ctx.realm.deactivated === true) throw organizationDeactivated('REALM_DEACTIVATED');
  const now = ctx.now();
  for (const session of [...ctx.db.all('sessions')]) if (session.expires <= now) ctx.db.delete('sessions', session.id);
  const expires = now + ctx.config.sessionLifetimeSecs * 1000;
  ctx.db.put('sessions', { id: key.id, user_id: user.id, created: now, expires });
  return { session_key: key.key, session_expires: expires };
}
