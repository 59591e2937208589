import type { LegacyPresence, ModernPresence } from '@teamchat/schema';
import type { UserRecord } from '../model/records/users.js';
import type { PresenceRecord } from '../model/records/presence.js';
import { LEGACY_ACTIVE_OFFSET_SECONDS, OFFLINE_THRESHOLD_SECONDS } from './presence-rules.js';

/** The legacy per-client entry: the only client is `website`, never pushable. */
export type LegacyClientEntry = {
  client: 'website';
  status: 'active' | 'idle';
  timestamp: number;
  pushable: false;
};

/** A user's two presence times in seconds, missing ones filled in. */
export interface EffectiveTimes {
  active: number;
  connected: number;
}

/**
 * The times a row stands for: a missing time (never `active`) defaults to the user's
 * `date_joined`, as on the real server.
 */
export function effectiveTimes(
  row: Pick<PresenceRecord, 'last_active_time' | 'last_connected_time'>,
  user: Pick<UserRecord, 'date_joined'>,
): EffectiveTimes {
  const joined = user.date_joined / 1000;
  return { active: row.last_active_time ?? joined, connected: row.last_connected_time };
}

/**
 * The modern entry (keyed by user ID): `active_timestamp` and `idle_timestamp`, whole seconds.
 *
 * @see https://zulip.com/api/get-presence
 */
export function modernPresence(times: EffectiveTimes): ModernPresence {
  return { active_timestamp: Math.floor(times.active), idle_timestamp: Math.floor(times.connected) };
}

/**
 * The legacy per-client entry (`website`): `active` with the active time when that is at most
 * 70 s older than the last connection, otherwise `idle` with the connection time.
 *
 * @see https://zulip.com/api/update-presence
 */
export function legacyClientPresence(times: EffectiveTimes): LegacyClientEntry {
  const active = times.active + LEGACY_ACTIVE_OFFSET_SECONDS >= times.connected;
  return {
    client: 'website',
    status: active ? 'active' : 'idle',
    timestamp: Math.floor(active ? times.active : times.connected),
    pushable: false,
  };
}

/**
 * The legacy entry (keyed by API email): `website` and `aggregated` with the same data;
 * `aggregated` has no `pushable`.
 */
export function legacyPresence(times: EffectiveTimes): LegacyPresence {
  const website = legacyClientPresence(times);
  return { aggregated: { client: website.client, status: website.status, timestamp: website.timestamp }, website };
}

/**
 * The legacy entry of GET /users/{user_id_or_email}/presence: `website` and `aggregated` with
 * only `status` and `timestamp`; `aggregated` says `offline` when its time is older than the
 * offline threshold at `now` (seconds).
 */
export function singleUserLegacyPresence(
  times: EffectiveTimes,
  now: number,
): Record<'aggregated' | 'website', { status: string; timestamp: number }> {
  const { status, timestamp } = legacyClientPresence(times);
  const offline = Math.floor(now) - timestamp > OFFLINE_THRESHOLD_SECONDS;
  return { website: { status, timestamp }, aggregated: { status: offline ? 'offline' : status, timestamp } };
}
