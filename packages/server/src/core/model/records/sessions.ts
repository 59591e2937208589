// Records of the web app's sessions.

/**
 * A web session (the `sessionid` cookie of the web app), keyed by the SHA-256 of its key: the
 * key itself is never stored. It ends at `expires` (server clock, ms), at logout, when its user
 * is deactivated, and when the password changes (but for the session that changed it).
 */
export interface SessionRecord {
  id: string;
  user_id: number;
  created: number;
  expires: number;
}
