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

/** The body of PATCH /users/{user_id} and PATCH /users/{email}; every field optional. */
export const userUpdateShape = {
  full_name: z.string().optional(),
  /** Only owners add or remove role 100; the only owner keeps it. */
  role: Role.optional(),
  profile_data: z.array(ProfileDataUpdate).optional(),
  /** Owners with `can_change_user_emails` only (since feature level 285). */
  new_email: z.string().optional(),
  /**
   * @deprecated Use `role` (feature level 8). The pair the role replaced: `true` makes the user
   * an administrator, `false` a member. A guest cannot be made an administrator this way
   * (`Guests cannot be organization administrators`).
   */
  is_admin: z.boolean().optional(),
  /** @deprecated Use `role` (feature level 8): `true` makes the user a guest, `false` a member. */
  is_guest: z.boolean().optional(),
};
