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
