/**
 * The presence of one user as stored (the real server's `UserPresence`): one row per user,
 * created by the user's first report. Times are seconds since the epoch with millisecond
 * precision; answers floor them to whole seconds.
 *
 * @see https://zulip.com/api/update-presence
 */
export interface PresenceRecord {
  /** The user's ID (the row's key: one row per user). */
  id: number;
  user_id: number;
  /** Last report with status `active`; null when the user never reported `active`. */
  last_active_time: number | null;
  /** Last report of any status; never earlier than `last_active_time`. */
  last_connected_time: number;
  /**
   * Position of the row's last change in the organization-wide presence sequence: clients
   * pass the highest one they saw as `last_update_id` and get only newer rows.
   */
  last_update_id: number;
}
