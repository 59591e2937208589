import { z } from 'zod';

/** A user's value of one custom profile field. */
export const ProfileFieldValue = z.looseObject({
  value: z.string(),
  rendered_value: z.string().optional(),
});

/**
 * A user (element of `members`).
 *
 * @see https://zulip.com/api/get-users
 */
export const User = z.looseObject({
  user_id: z.number().int(),
  email: z.string(),
  delivery_email: z.string().nullable(),
  full_name: z.string(),
  avatar_url: z.string().nullable(),
  avatar_version: z.number().int().optional(),
  date_joined: z.string(),
  timezone: z.string(),
  role: z.number().int(),
  is_active: z.boolean(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  is_guest: z.boolean(),
  is_bot: z.boolean(),
  bot_type: z.number().int().nullable(),
  bot_owner_id: z.number().int().nullable().optional(),
  profile_data: z.record(z.string(), ProfileFieldValue).optional(),
});
export type User = z.infer<typeof User>;

/** The flat object of GET /users/me (`bot_type` only for bots, as the real server sends it). */
export const OwnUser = User.extend({
  bot_type: z.number().int().nullable().optional(),
  max_message_id: z.number().int().optional(),
});
export type OwnUser = z.infer<typeof OwnUser>;
