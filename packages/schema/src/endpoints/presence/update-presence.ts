import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { LegacyPresence, ModernPresence } from '../../models/presence.js';

/**
 * POST /users/me/presence: report the caller's presence and fetch everyone's. The modern
 * format (keyed by user ID) comes back when `last_update_id` is passed or `slim_presence` is
 * true, the legacy one (keyed by email) otherwise; `ping_only` answers the bare envelope.
 *
 * @see https://zulip.com/api/update-presence
 */
export const updatePresence = defineEndpoint({
  name: 'presence.update',
  method: 'POST',
  path: '/users/me/presence',
  access: 'human',
  summary: "Report the caller's presence and fetch the presence of the organization.",
  docs: 'update-presence',
  params: z.object({
    /**
     * `active` (the user is using the device) or `idle`. A raw string: the server checks it and
     * answers `Invalid status: <value>` for anything else.
     */
    status: z.string(),
    /** -1 on initialization, then the last `presence_last_update_id` (since feature level 263). */
    last_update_id: z.number().int().optional(),
    /** Ignored when `last_update_id` > 0 (since feature level 288). */
    history_limit_days: z.number().int().default(14),
    new_user_input: z.boolean().default(false),
    ping_only: z.boolean().default(false),
    /** @deprecated Pass `last_update_id` instead. */
    slim_presence: z.boolean().default(false),
  }),
  response: z.looseObject({
    /** Absent with `ping_only`. */
    presence_last_update_id: z.number().int().optional(),
    /** Absent with `ping_only`; seconds, with a fraction. */
    server_timestamp: z.number().optional(),
    /** Absent with `ping_only`; keyed by user ID (modern) or API email (legacy). */
    presences: z.record(z.string(), z.union([ModernPresence, LegacyPresence])).optional(),
    /** @deprecated Ignore. */
    legacy_mirror_active: z.boolean().optional(),
  }),
  errors: ['BAD_REQUEST'],
});
