import { z } from 'zod';
import { Timestamp } from './common.js';

/**
 * Modern presence entry (map key: user ID).
 *
 * @see https://zulip.com/api/get-presence
 */
export const ModernPresence = z.looseObject({
  active_timestamp: Timestamp,
  idle_timestamp: Timestamp,
});
export type ModernPresence = z.infer<typeof ModernPresence>;

/** One client entry of the legacy presence format. */
export const LegacyPresenceClient = z.looseObject({
  client: z.string(),
  status: z.enum(['idle', 'active', 'offline']).or(z.string()),
  timestamp: Timestamp,
  pushable: z.boolean().optional(),
});

/** Legacy presence entry (map key: the user's API email): `aggregated` and `website`. */
export const LegacyPresence = z.looseObject({
  aggregated: LegacyPresenceClient,
  website: LegacyPresenceClient,
});
export type LegacyPresence = z.infer<typeof LegacyPresence>;

/** One client entry of a single user's legacy presence (GET /users/{user_id_or_email}/presence). */
export const PresenceStatus = z.looseObject({
  status: z.enum(['idle', 'active', 'offline']).or(z.string()),
  timestamp: Timestamp,
});

/**
 * The presence of one user: the modern entry (with `slim_presence`), or the legacy map with
 * `aggregated` and `website` entries that carry only `status` and `timestamp`.
 */
export const UserPresence = z.union([ModernPresence, z.record(z.string(), PresenceStatus)]);
export type UserPresence = z.infer<typeof UserPresence>;
