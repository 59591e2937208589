import { z } from 'zod';

/** An external authentication method offered on the login page. */
export const ExternalAuthenticationMethod = z.looseObject({
  name: z.string(),
  display_name: z.string(),
  display_icon: z.string().nullable(),
  login_url: z.string(),
  signup_url: z.string(),
});

/** The body of GET /server_settings. */
export const ServerSettings = z.looseObject({
  authentication_methods: z.record(z.string(), z.boolean()),
  external_authentication_methods: z.array(ExternalAuthenticationMethod),
  zulip_feature_level: z.number().int(),
  zulip_version: z.string(),
  zulip_merge_base: z.string(),
  push_notifications_enabled: z.boolean(),
  is_incompatible: z.boolean(),
  email_auth_enabled: z.boolean(),
  require_email_format_usernames: z.boolean(),
  realm_uri: z.string(),
  realm_url: z.string(),
  realm_name: z.string(),
  realm_icon: z.string(),
  realm_description: z.string(),
  realm_web_public_access_enabled: z.boolean(),
});
export type ServerSettings = z.infer<typeof ServerSettings>;
