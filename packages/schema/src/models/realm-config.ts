import { z } from 'zod';

/** A linkifier: a pattern with `(?P<name>…)` groups and an RFC 6570 URL template. */
export const Linkifier = z.looseObject({ id: z.number().int(), pattern: z.string(), url_template: z.string() });
export type Linkifier = z.infer<typeof Linkifier>;

/** A code playground; the real server names `highlighter_language` `pygments_language`. */
export const CodePlayground = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  highlighter_language: z.string(),
  pygments_language: z.string().optional(),
  url_template: z.string(),
});
export type CodePlayground = z.infer<typeof CodePlayground>;

/** A left-sidebar view; `name` is null or absent for built-in views. */
export const NavigationView = z.looseObject({
  fragment: z.string(),
  is_pinned: z.boolean(),
  name: z.string().nullable().optional(),
});
export type NavigationView = z.infer<typeof NavigationView>;

/**
 * A channel folder of the organization (FL 389). `date_created` is in seconds; `order` is the
 * folder's position among the folders (ascending; set by PATCH /channel_folders).
 */
export const ChannelFolder = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  rendered_description: z.string(),
  date_created: z.number().int(),
  creator_id: z.number().int().nullable(),
  is_archived: z.boolean(),
  order: z.number().int().optional(),
});
export type ChannelFolder = z.infer<typeof ChannelFolder>;

/** An uploaded file. `create_time` and `date_sent` are in milliseconds. */
export const Attachment = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  path_id: z.string(),
  size: z.number().int(),
  create_time: z.number().int(),
  messages: z.array(z.looseObject({ id: z.number().int(), date_sent: z.number().int() })),
});
export type Attachment = z.infer<typeof Attachment>;

/** An E2EE push registration as the client sends it. */
export const PushRegistration = z.looseObject({
  push_account_id: z.number().int(),
  token_kind: z.enum(['fcm', 'apns']),
  push_public_key: z.string(),
  bouncer_public_key: z.string(),
  encrypted_push_registration: z.string(),
});
export type PushRegistration = z.infer<typeof PushRegistration>;

/** A custom profile field of the organization. */
export const CustomProfileField = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  hint: z.string(),
  type: z.number().int(),
  order: z.number().int(),
  field_data: z.string(),
  display_in_profile_summary: z.boolean().optional(),
  required: z.boolean(),
  editable_by_user: z.boolean(),
});
export type CustomProfileField = z.infer<typeof CustomProfileField>;
