import { LANGUAGE_CODES, type UserSettingName } from '@teamchat/schema';
import type { Context } from '../model/context.js';
import type { UserRecord } from '../model/db.js';
import { emit } from '../events/emit.js';

/** Settings the legacy `update_global_notifications` event carries; the rest are display settings. */
const NOTIFICATION_SETTINGS = new Set<string>([
  'enable_stream_desktop_notifications', 'enable_stream_email_notifications', 'enable_stream_push_notifications',
  'enable_stream_audible_notifications', 'notification_sound', 'enable_desktop_notifications', 'enable_sounds',
  'email_notifications_batching_period_seconds', 'enable_offline_email_notifications', 'enable_offline_push_notifications',
  'enable_online_push_notifications', 'enable_followed_topic_desktop_notifications', 'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications', 'enable_followed_topic_audible_notifications', 'enable_digest_emails',
  'message_content_in_email_notifications', 'pm_content_in_desktop_notifications', 'wildcard_mentions_notify',
  'enable_followed_topic_wildcard_mentions_notify', 'desktop_icon_count_display', 'realm_name_in_email_notifications_policy',
  'presence_enabled',
]);

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
 * Emits the event of one changed personal setting: `user_settings update` to queues with
 * the `user_settings_object` capability, the legacy `update_display_settings` /
 * `update_global_notifications` to the others.
 */
export function emitSettingChange(ctx: Pick<Context, 'db' | 'events'>, user: UserRecord, name: UserSettingName, value: unknown): void {
  emit(ctx, [user.id], (queue) => {
    if (queue.has('user_settings_object')) {
      const event: Record<string, unknown> & { type: string } = { type: 'user_settings', op: 'update', property: name, value };
      if (name === 'default_language') event['language_name'] = languageName(String(value));
      return event;
    }
    return NOTIFICATION_SETTINGS.has(name)
      ? { type: 'update_global_notifications', notification_name: name, setting: value, user: user.email }
      : { type: 'update_display_settings', setting_name: name, setting: value, user: user.email };
  });
}
