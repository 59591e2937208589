import { z } from 'zod';
import { Role } from './common.js';

/**
 * An unexpired invitation the caller may manage (GET /invites): an email invitation (`email`,
 * `notify_referrer_on_join`) or a reusable invitation link (`link_url`). IDs are unique per kind
 * (`is_multiuse`).
 */
export const Invite = z.looseObject({
  id: z.number().int(),
  invited_by_user_id: z.number().int(),
  /** UNIX seconds. */
  invited: z.number().int(),
  /** UNIX seconds, or null for an invitation that never expires. */
  expiry_date: z.number().int().nullable(),
  /** The role of the account the invitation creates. */
  invited_as: Role,
  is_multiuse: z.boolean(),
  email: z.string().optional(),
  notify_referrer_on_join: z.boolean().optional(),
  link_url: z.string().optional(),
});
export type Invite = z.infer<typeof Invite>;
