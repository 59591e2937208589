import type { LegacyPresence, ModernPresence } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { apiEmail } from '../model/email-visibility.js';
import { effectiveTimes, legacyPresence, modernPresence } from './presence-format.js';
import { presenceVisibleTo } from './presence-visibility.js';

/** Default of `history_limit_days` and `presence_history_limit_days`. */
export const DEFAULT_HISTORY_LIMIT_DAYS = 14;

/** Which presence rows to answer, and in which format. */
export interface PresenceQuery {
  /** The modern format (keyed by user ID) instead of the legacy one (keyed by API email). */
  slim: boolean;
  /** Only rows changed after this update ID; undefined for all rows. */
  lastUpdateId?: number | undefined;
  /** Only users connected within this many days, unless `lastUpdateId` > 0; 0 answers no rows. */
  historyLimitDays?: number | undefined;
}

/** Presence entries and the update ID to continue from. */
export interface PresenceAnswer {
  presences: Record<string, ModernPresence | LegacyPresence>;
  /**
   * The highest update ID among the answered rows; without rows the passed `lastUpdateId`
   * (nothing new), or -1 when none was passed.
   */
  lastUpdateId: number;
}

/**
 * The presence of the organization as `viewer` may see it: active human users whose rows
 * match the query, ordered by user ID. An organization with presence disabled answers no
 * rows and -1.
 *
 * @see https://zulip.com/api/update-presence
 */
export function fetchPresences(
  ctx: Pick<Context, 'db' | 'realm' | 'now' | 'config'>,
  viewer: Pick<UserRecord, 'id'>,
  query: PresenceQuery,
): PresenceAnswer {
  if (ctx.realm.presence_disabled) return { presences: {}, lastUpdateId: -1 };
  const { lastUpdateId } = query;
  const days = query.historyLimitDays ?? DEFAULT_HISTORY_LIMIT_DAYS;
  // The window only bounds a full fetch: a client continuing from an update ID gets every
  // change since, however old (the spec ignores history_limit_days then, 0 included).
  const windowed = lastUpdateId === undefined || lastUpdateId <= 0;
  const since = ctx.now() / 1000 - days * 86_400;
  const rows = windowed && days === 0 ? [] : [...ctx.db.all('presence')];
  rows.sort((a, b) => a.user_id - b.user_id);
  const presences: Record<string, ModernPresence | LegacyPresence> = {};
  let maxUpdateId: number | undefined;
  for (const row of rows) {
    if (lastUpdateId !== undefined && row.last_update_id <= lastUpdateId) continue;
    if (windowed && row.last_connected_time < since) continue;
    const user = ctx.db.get('users', row.user_id);
    if (!user || !presenceVisibleTo(viewer, user)) continue;
    const times = effectiveTimes(row, user);
    if (query.slim) presences[String(user.id)] = modernPresence(times);
    else presences[apiEmail(user, ctx.config.realmUrl)] = legacyPresence(times);
    maxUpdateId = Math.max(maxUpdateId ?? row.last_update_id, row.last_update_id);
  }
  return { presences, lastUpdateId: maxUpdateId ?? lastUpdateId ?? -1 };
}
