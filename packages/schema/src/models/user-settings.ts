import { z } from 'zod';

/** Language codes the reference server has translations for (`default_language`). */
export const LANGUAGE_CODES = [
  'ar',
  'be',
  'bg',
  'bn',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'el',
  'en',
  'en_GB',
  'eo',
  'es',
  'fa',
  'fi',
  'fr',
  'gl',
  'gu',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ml',
  'mn',
  'nl',
  'no',
  'pl',
  'pt',
  'pt_BR',
  'pt_PT',
  'ro',
  'ru',
  'si',
  'sr',
  'sv',
  'ta',
  'tl',
  'tr',
  'uk',
  'uz',
  'vi',
  'zh_Hans',
  'zh_Hant',
] as const;

/** Notification sounds the reference server offers; `none` turns sounds off. */
export const NOTIFICATION_SOUNDS = ['zulip', 'ding', 'chime', 'chord', 'chirp', 'crystal', 'none'] as const;

/** Whether `name` is an IANA time zone the runtime knows (aliases included). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const bool = () => z.boolean();
const oneOf = <const T extends readonly [number, ...number[]]>(...values: T) => z.literal(values);

/**
 * One personal setting: its wire schema, the value a new organization starts with, and
 * which endpoints accept it (`personal`: PATCH /settings; `realmDefault`:
 * PATCH /realm/user_settings_defaults).
 */
export interface UserSettingSpec {
  schema: z.ZodType;
  default: unknown;
  personal: boolean;
  realmDefault: boolean;
  since?: number;
}

const setting = <S extends z.ZodType, W extends 'SD' | 'S' | 'D'>(
  schema: S,
  initial: z.infer<S>,
  where: W,
  since?: number,
) => ({
  schema,
  default: initial,
  personal: (where === 'SD' || where === 'S') as W extends 'SD' | 'S' ? true : false,
  realmDefault: (where === 'SD' || where === 'D') as W extends 'SD' | 'D' ? true : false,
  ...(since === undefined ? {} : { since }),
});

/**
 * The preference and notification settings of the spec (https://zulip.com/api/update-settings), in its order.
 *
 * Column S of the spec stops at `enable_followed_topic_audible_notifications` ("further
 * parameters: not shown"); the rows after it are accepted by PATCH /settings too, as the
 * real server does (with `enable_marketing_emails`, `enable_login_emails` and
 * `allow_private_data_export`, which the spec leaves out). Column D leaves `default_language`
 * and `timezone` personal; `web_mark_read_on_scroll_policy` and the two `web_left_sidebar_*`
 * settings, unmarked in the spec's table, are organization defaults too, as on the real server.
 * `web_channel_default_view` accepts 1, 2, 4 personally and 1–4 as a default, as the spec states.
 *
 * @see https://zulip.com/api/update-settings
 */
export const USER_SETTINGS = {
  twenty_four_hour_time: setting(bool(), false, 'SD'),
  web_mark_read_on_scroll_policy: setting(oneOf(1, 2, 3), 1, 'SD', 175),
  web_channel_default_view: setting(oneOf(1, 2, 4), 1, 'SD', 269),
  starred_message_counts: setting(bool(), true, 'SD'),
  receives_typing_notifications: setting(bool(), true, 'SD', 253),
  web_suggest_update_timezone: setting(bool(), true, 'SD', 329),
  fluid_layout_width: setting(bool(), false, 'SD'),
  high_contrast_mode: setting(bool(), false, 'SD'),
  web_font_size_px: setting(z.number().int(), 16, 'SD', 245),
  web_line_height_percent: setting(z.number().int(), 140, 'SD', 245),
  color_scheme: setting(oneOf(1, 2, 3), 1, 'SD'),
  enable_drafts_synchronization: setting(bool(), true, 'SD', 87),
  translate_emoticons: setting(bool(), false, 'SD'),
  display_emoji_reaction_users: setting(bool(), true, 'SD', 125),
  default_language: setting(z.enum(LANGUAGE_CODES), 'en', 'S'),
  web_home_view: setting(z.enum(['recent_topics', 'inbox', 'all_messages']), 'inbox', 'SD', 219),
  web_escape_navigates_to_home_view: setting(bool(), true, 'SD', 219),
  left_side_userlist: setting(bool(), false, 'SD'),
  // The spec's names, plus the real server's four so real clients keep working.
  emojiset: setting(z.enum(['set_a', 'set_b', 'text', 'google', 'google-blob', 'twitter']), 'set_a', 'SD'),
  demote_inactive_streams: setting(oneOf(1, 2, 3), 1, 'SD'),
  user_list_style: setting(oneOf(1, 2, 3), 2, 'SD', 141),
  web_animate_image_previews: setting(z.enum(['always', 'on_hover', 'never']), 'on_hover', 'SD', 275),
  web_stream_unreads_count_display_policy: setting(oneOf(1, 2, 3), 2, 'SD', 210),
  hide_ai_features: setting(bool(), false, 'SD', 350),
  web_left_sidebar_show_channel_folders: setting(bool(), true, 'SD', 411),
  web_left_sidebar_unreads_count_summary: setting(bool(), true, 'SD', 398),
  timezone: setting(
    z.string().refine((v) => v === '' || isTimeZone(v), 'Invalid timezone'),
    '',
    'S',
  ),
  enable_stream_desktop_notifications: setting(bool(), false, 'SD'),
  enable_stream_email_notifications: setting(bool(), false, 'SD'),
  enable_stream_push_notifications: setting(bool(), false, 'SD'),
  enable_stream_audible_notifications: setting(bool(), false, 'SD'),
  notification_sound: setting(
    z.string().refine((v) => (NOTIFICATION_SOUNDS as readonly string[]).includes(v), {
      error: (issue) => `Invalid notification sound '${String(issue.input)}'`,
    }),
    'zulip',
    'SD',
  ),
  enable_desktop_notifications: setting(bool(), true, 'SD'),
  enable_sounds: setting(bool(), true, 'SD'),
  email_notifications_batching_period_seconds: setting(
    z
      .number()
      .int()
      .refine((v) => v >= 1 && v <= 7 * 24 * 3600, {
        error: (issue) => `Invalid email batching period: ${String(issue.input)} seconds`,
      }),
    120,
    'SD',
    82,
  ),
  enable_offline_email_notifications: setting(bool(), true, 'SD'),
  enable_offline_push_notifications: setting(bool(), true, 'SD'),
  enable_online_push_notifications: setting(bool(), true, 'SD'),
  enable_followed_topic_desktop_notifications: setting(bool(), true, 'SD', 189),
  enable_followed_topic_email_notifications: setting(bool(), true, 'SD', 189),
  enable_followed_topic_push_notifications: setting(bool(), true, 'SD', 189),
  enable_followed_topic_audible_notifications: setting(bool(), true, 'SD', 189),
  enable_digest_emails: setting(bool(), true, 'SD'),
  enable_marketing_emails: setting(bool(), true, 'SD'),
  enable_login_emails: setting(bool(), true, 'SD'),
  message_content_in_email_notifications: setting(bool(), true, 'SD'),
  pm_content_in_desktop_notifications: setting(bool(), true, 'SD'),
  wildcard_mentions_notify: setting(bool(), true, 'SD'),
  enable_followed_topic_wildcard_mentions_notify: setting(bool(), true, 'SD', 189),
  desktop_icon_count_display: setting(oneOf(1, 2, 3, 4), 1, 'SD', 227),
  realm_name_in_email_notifications_policy: setting(oneOf(1, 2, 3), 1, 'SD', 168),
  automatically_follow_topics_policy: setting(oneOf(1, 2, 3, 4), 3, 'SD', 214),
  automatically_unmute_topics_in_muted_streams_policy: setting(oneOf(1, 2, 3, 4), 2, 'SD', 214),
  automatically_follow_topics_where_mentioned: setting(bool(), true, 'SD', 235),
  resolved_topic_notice_auto_read_policy: setting(
    z.enum(['always', 'except_followed', 'never']),
    'except_followed',
    'SD',
    385,
  ),
  presence_enabled: setting(bool(), true, 'SD'),
  enter_sends: setting(bool(), false, 'SD'),
  send_private_typing_notifications: setting(bool(), true, 'SD', 105),
  send_stream_typing_notifications: setting(bool(), true, 'SD', 105),
  send_read_receipts: setting(bool(), true, 'SD', 105),
  allow_private_data_export: setting(bool(), false, 'SD'),
  email_address_visibility: setting(oneOf(1, 2, 3, 4, 5), 1, 'SD', 163),
  web_navigate_to_sent_message: setting(bool(), true, 'SD', 268),
} as const satisfies Record<string, UserSettingSpec>;

export type UserSettingName = keyof typeof USER_SETTINGS;

/** `web_channel_default_view` as a default: the realm-defaults endpoint states 1 to 4. */
export const REALM_DEFAULT_OVERRIDES = {
  web_channel_default_view: oneOf(1, 2, 3, 4),
} as const satisfies Partial<Record<UserSettingName, z.ZodType>>;

/** The values of every setting, as stored for a user or as the organization's defaults. */
export type UserSettings = { [K in UserSettingName]: z.infer<(typeof USER_SETTINGS)[K]['schema']> };

/** The settings a new organization gives new accounts. */
export function initialUserSettings(): UserSettings {
  return Object.fromEntries(Object.entries(USER_SETTINGS).map(([name, spec]) => [name, spec.default])) as UserSettings;
}
