import type { Context } from '../runtime/context.js';

/**
 * Organization settings the server reports with the real server's defaults for a new
 * organization. PATCH /realm stores changes of the ones it accepts in the realm record's
 * `extra_settings`, which override these.
 */
export const SERVER_REALM_SETTINGS = {
  default_language: 'en',
  welcome_message_custom_text: '',
  digest_emails_enabled: false,
  digest_weekday: 1,
  disallow_disposable_email_addresses: true,
  invite_required: true,
  inline_image_preview: true,
  inline_url_embed_preview: false,
  require_e2ee_push_notifications: false,
  avatar_changes_disabled: false,
  emails_restricted_to_domains: false,
  send_welcome_emails: true,
  message_content_allowed_in_email_notifications: true,
  want_advertise_in_communities_directory: false,
  video_chat_provider: 1,
  jitsi_server_url: null,
  giphy_rating: 2,
  default_code_block_language: '',
  enable_read_receipts: false,
  enable_guest_user_dm_warning: true,
  enable_guest_user_indicator: true,
  is_zephyr_mirror_realm: false,
  push_notifications_enabled: false,
  push_notifications_enabled_end_timestamp: null,
  upload_quota_mib: null,
  org_type: 0,
  plan_type: 1,
  moderation_request_channel_id: -1,
  signup_announcements_stream_id: -1,
  zulip_update_announcements_stream_id: -1,
  available_video_chat_providers: {
    disabled: { name: 'None', id: 0 },
    jitsi_meet: { name: 'Jitsi Meet', id: 1 },
  },
  default_external_accounts: {
    github: { text: 'GitHub', url_pattern: 'https://github.com/%(username)s', name: 'GitHub username', hint: '' },
    twitter: { text: 'X (Twitter)', url_pattern: 'https://x.com/%(username)s', name: 'X (Twitter) username', hint: '' },
  },
} as const;

const JITSI = 'https://meet.jit.si';

/** Values of the server (not of the organization) in the `realm` block of POST /register. */
export function serverValues(ctx: Pick<Context, 'realm'>): Record<string, unknown> {
  const jitsi = (ctx.realm.extra_settings?.['jitsi_server_url'] as string | null | undefined) ?? null;
  return {
    max_avatar_file_size_mib: 5,
    max_icon_file_size_mib: 5,
    max_logo_file_size_mib: 5,
    max_channel_folder_name_length: 60,
    max_channel_folder_description_length: 1024,
    max_bulk_new_subscription_messages: 100,
    max_reminder_note_length: 1000,
    settings_send_digest_emails: true,
    zulip_plan_is_not_limited: true,
    upgrade_text_for_wide_organization_logo: 'Available on Zulip Cloud Standard. Upgrade to access.',
    development_environment: false,
    password_min_length: 6,
    password_max_length: 100,
    password_min_guesses: 10_000,
    giphy_rating_options: {
      disabled: { name: 'GIPHY integration disabled', id: 0 },
      y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
      g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
      pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
      pg13: { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
      r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
    },
    server_inline_image_preview: true,
    server_inline_url_embed_preview: false,
    server_thumbnail_formats: [
      { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
      { name: '840x560.webp', max_width: 840, max_height: 560, format: 'webp', animated: false },
    ],
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    server_needs_upgrade: false,
    server_jitsi_server_url: JITSI,
    jitsi_server_url: jitsi ?? JITSI,
    server_can_summarize_topics: false,
    server_min_deactivated_realm_deletion_days: 14,
    server_max_deactivated_realm_deletion_days: null,
    server_presence_ping_interval_seconds: 60,
    server_presence_offline_threshold_seconds: 200,
    server_typing_started_expiry_period_milliseconds: 15_000,
    server_typing_stopped_wait_period_milliseconds: 5_000,
    server_typing_started_wait_period_milliseconds: 10_000,
  };
}
