import type { DbTx } from './db.js';

/**
 * Ends the web sessions of `userId` (deactivation, a password change), but `keep` (the
 * session that changed the password stays logged in, as Django's `update_session_auth_hash`).
 */
export function endSessionsOf(db: DbTx, userId: number, keep?: string): void {
  for (const session of [...db.all('sessions')]) {
    if (session.user_id === userId && session.id !== keep) db.delete('sessions', session.id);
  }
}

/** Ends every web session of the organization (its deactivation: the real `delete_realm_user_sessions`). */
export function endAllSessions(db: DbTx): void {
  for (const session of [...db.all('sessions')]) db.delete('sessions', session.id);
}
