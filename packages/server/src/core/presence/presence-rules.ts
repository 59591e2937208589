/**
 * How one presence report moves a user's timestamps, as the real server does it: pure
 * functions over seconds, so the rules can be tested with any clock.
 *
 * @see https://zulip.com/api/update-presence
 */

/** A report newer than the stored time by no more than this is not stored (many open tabs ping at once). */
export const PRESENCE_UPDATE_MIN_FREQ_SECONDS = 55;
/** How often clients report (`server_presence_ping_interval_seconds`). */
export const PRESENCE_PING_INTERVAL_SECONDS = 60;
/** Clients show a user offline whose newest timestamp is older than this (`server_presence_offline_threshold_seconds`). */
export const OFFLINE_THRESHOLD_SECONDS = 200;
/**
 * A user whose last `active` report is older than this "comes online" with the next one and a
 * `presence` event goes out at once (offline threshold − ping interval − 10 s = 130 s).
 */
export const NEWLY_ONLINE_SECONDS = OFFLINE_THRESHOLD_SECONDS - PRESENCE_PING_INTERVAL_SECONDS - 10;
/** In the legacy format a user is `active` when the last active report is at most this much older than the last connection. */
export const LEGACY_ACTIVE_OFFSET_SECONDS = 70;
/** Above this many active users the organization gets no `presence` events (clients poll instead). */
export const USER_LIMIT_FOR_PRESENCE_EVENTS = 100;

/** A status a client reports. */
export type ReportedStatus = 'active' | 'idle';

/** Whether `value` is a status a client may report. */
export function isReportedStatus(value: string): value is ReportedStatus {
  return value === 'active' || value === 'idle';
}

/** The stored times of a user, seconds since the epoch. */
export interface PresenceTimes {
  last_active_time: number | null;
  last_connected_time: number;
}

/** What a report does to a user's presence. */
export interface ReportOutcome {
  /** The times after the report. */
  times: PresenceTimes;
  /** Whether the report created the row or moved a time (it then takes a new update ID). */
  changed: boolean;
  /** Whether the report created the row. */
  created: boolean;
  /**
   * Whether the user comes online: a first report, or an `active` report after more than
   * {@link NEWLY_ONLINE_SECONDS} without one. Such reports send a `presence` event.
   */
  cameOnline: boolean;
}

/**
 * Applies a report of `status` at `now` (seconds) to the stored times (`previous`, undefined
 * for a user's first report):
 * - a first report sets the connection time to now, and the active time to now when `active`;
 * - later, the connection time moves to now when it is more than 55 s older;
 * - an `active` report moves the active time to now when it is more than 55 s older, and the
 *   connection time with it when that is older still (connected ≥ active).
 * A report older than the stored times (a clock going back) changes nothing.
 *
 * @example
 * applyPresenceReport(undefined, 'idle', 1000).times; // { last_active_time: null, last_connected_time: 1000 }
 */
export function applyPresenceReport(
  previous: PresenceTimes | undefined,
  status: ReportedStatus,
  now: number,
): ReportOutcome {
  if (!previous) {
    return {
      times: { last_active_time: status === 'active' ? now : null, last_connected_time: now },
      changed: true,
      created: true,
      cameOnline: true,
    };
  }
  // Never active counts as "long ago": the first active report brings the user online.
  const sinceActive = previous.last_active_time === null ? Infinity : now - previous.last_active_time;
  const sinceConnected = now - previous.last_connected_time;
  let { last_active_time, last_connected_time } = previous;
  let changed = false;
  if (sinceConnected > PRESENCE_UPDATE_MIN_FREQ_SECONDS) {
    last_connected_time = now;
    changed = true;
  }
  if (status === 'active' && sinceActive > PRESENCE_UPDATE_MIN_FREQ_SECONDS) {
    last_active_time = now;
    if (now > last_connected_time) last_connected_time = now;
    changed = true;
  }
  return {
    times: { last_active_time, last_connected_time },
    changed,
    created: false,
    cameOnline: status === 'active' && sinceActive > NEWLY_ONLINE_SECONDS,
  };
}
