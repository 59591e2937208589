import { LANGUAGE_CODES, type UserSettingName, type UserSettings } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { activeUserIds, emit } from './emit.js';

/** The real server's `notification_settings_legacy`: top-level keys of the legacy notification block. */
export const NOTIFICATION_SETTINGS_LEGACY = [
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'wildcard_mentions_notify',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'presence_enabled',
] as const satisfies readonly UserSettingName[];

/** `user_status` to everyone: what changed of `user`'s status (`away` when presence sharing changed). */
export function emitUserStatus(
  ctx: Pick<Context, 'db' | 'events'>,
  user: UserRecord,
  changes: Record<string, unknown>,
): void {
  emit(ctx, activeUserIds(ctx), { type: 'user_status', user_id: user.id, ...changes });
}

/** The real server's `display_settings_legacy`: top-level keys of the legacy display block of `POST /register`. */
export const DISPLAY_SETTINGS_LEGACY = [
  'color_scheme',
  'default_language',
  'web_home_view',
  'demote_inactive_streams',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
] as const satisfies readonly (keyof UserSettings)[];

/** Settings the legacy `update_display_settings` event carries (`display_settings_legacy` and `timezone`). */
const DISPLAY_SETTINGS = new Set<string>([...DISPLAY_SETTINGS_LEGACY, 'timezone']);

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch', fr: 'français', es: 'español' };

/** The display name of a language code (as the `language_name` of the event). */
export function languageName(code: string): string {
  if (LANGUAGE_NAMES[code]) return LANGUAGE_NAMES[code];
  try {
    return new Intl.DisplayNames([code.replace('_', '-')], { type: 'language' }).of(code.replace('_', '-')) ?? code;
  } catch {
    return (LANGUAGE_CODES as readonly string[]).includes(code) ? code : 'Unknown';
  }
}

/**
 * Emits the events of one changed personal setting, as the real server does: `user_settings
 * update` to every queue, and for the settings that existed before feature level 89 the legacy
 * `update_display_settings` / `update_global_notifications` to queues without the
 * `user_settings_object` capability.
 */
export function emitSettingChange(
  ctx: Pick<Context, 'db' | 'events'>,
  user: UserRecord,
  name: UserSettingName,
  value: unknown,
  options: { statusEvent?: boolean } = {},
): void {
  const event: Record<string, unknown> & { type: string } = {
    type: 'user_settings',
    op: 'update',
    property: name,
    value,
  };
  if (name === 'default_language') event['language_name'] = languageName(String(value));
  emit(ctx, [user.id], event);
  // Statuses show `away` as the inverse of presence sharing (FL 148): everyone learns of it.
  // POST /users/me/status sends its own, one event with every field it set (`statusEvent: false`).
  if (name === 'presence_enabled' && options.statusEvent !== false)
    emitUserStatus(ctx, user, { away: value === false });
  const notification = (NOTIFICATION_SETTINGS_LEGACY as readonly string[]).includes(name);
  if (!notification && !DISPLAY_SETTINGS.has(name)) return;
  emit(ctx, [user.id], (queue) => {
    if (queue.has('user_settings_object')) return null;
    if (notification)
      return { type: 'update_global_notifications', notification_name: name, setting: value, user: user.email };
    const legacy: Record<string, unknown> & { type: string } = {
      type: 'update_display_settings',
      setting_name: name,
      setting: value,
      user: user.email,
    };
    if (name === 'default_language') legacy['language_name'] = languageName(String(value));
    return legacy;
  });
}
