import { z } from 'zod';
import { Role } from '../../models/common.js';

/** The query parameters of GET /users/{user_id} and GET /users/{email}. */
export const userQueryShape = {
  client_extavatar: z.boolean().default(true),
  include_custom_profile_fields: z.boolean().default(false),
};

/**
 * A new value of a custom profile field for a user. The spec gives `value` as a string; the
 * real server also takes a list of user IDs (person fields) and `null`/empty to clear it.
 */
export const ProfileDataUpdate = z.strictObject({
  id: z.number().int(),
  value: z.union([z.string(), z.array(z.number().int())]).nullable(),
});
export type ProfileDataUpdate = z.infer<typeof ProfileDataUpdate>;

/**
 * The body of PATCH /users/{user_id} and PATCH /users/{email}; every field optional. The
 * `is_admin` / `is_guest` pair that `role` replaced at feature level 8 is gone from the real API:
 * sent, it is reported in `ignored_parameters_unsupported` and changes nothing.
 */
export const userUpdateShape = {
  full_name: z.string().optional(),
  /** Only owners add or remove role 100; the only owner keeps it. */
  role: Role.optional(),
  profile_data: z.array(ProfileDataUpdate).optional(),
  /** Owners with `can_change_user_emails` only (since feature level 285). */
  new_email: z.string().optional(),
};
