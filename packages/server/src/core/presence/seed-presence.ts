import type { DbTx, UserRecord } from '../model/db.js';
import type { PresenceRecord } from '../model/presence-record.js';
import { nextPresenceUpdateId } from './presence-sequence.js';

/** One seeded presence row: how long ago the user was last active (null: never) and connected. */
export interface SeededPresence {
  user: UserRecord;
  activeSecondsAgo: number | null;
  connectedSecondsAgo: number;
}

/**
 * Writes presence rows as if the users had reported (demo data and fixtures), each with the
 * next update ID. `now` is in milliseconds.
 */
export function seedPresence(db: DbTx, now: number, entries: readonly SeededPresence[]): PresenceRecord[] {
  const seconds = now / 1000;
  return entries.map(({ user, activeSecondsAgo, connectedSecondsAgo }) =>
    db.put('presence', {
      id: user.id,
      user_id: user.id,
      last_active_time: activeSecondsAgo === null ? null : seconds - activeSecondsAgo,
      last_connected_time: seconds - Math.min(connectedSecondsAgo, activeSecondsAgo ?? connectedSecondsAgo),
      last_update_id: nextPresenceUpdateId(db),
    }),
  );
}
