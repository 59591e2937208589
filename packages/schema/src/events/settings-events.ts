import { z } from 'zod';
import { defineEvent, defineOpEvent } from './define-event.js';

/** One of the user's settings changed (`language_name` with `default_language`). */
export const UserSettingsUpdateEvent = defineOpEvent('user_settings', 'update', {
  property: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  language_name: z.string().optional(),
});

/** Deprecated form of `user_settings` for display settings. */
export const UpdateDisplaySettingsEvent = defineEvent('update_display_settings', {
  user: z.string().optional(),
  setting_name: z.string(),
  setting: z.union([z.string(), z.number(), z.boolean()]),
  language_name: z.string().optional(),
});

/** Deprecated form of `user_settings` for notification settings. */
export const UpdateGlobalNotificationsEvent = defineEvent('update_global_notifications', {
  user: z.string().optional(),
  notification_name: z.string(),
  setting: z.union([z.string(), z.number(), z.boolean()]),
});

/** The user's alert words (all of them). */
export const AlertWordsEvent = defineEvent('alert_words', { alert_words: z.array(z.string()) });

/** Onboarding steps (hints) the user has yet to see. */
export const OnboardingStepsEvent = defineEvent('onboarding_steps', {
  onboarding_steps: z.array(z.looseObject({ type: z.string(), name: z.string() })),
});

/** The user connected (or disconnected) a Zoom account. */
export const HasZoomTokenEvent = defineEvent('has_zoom_token', { value: z.boolean() });

/** The state of one of the user's end-to-end-encrypted push registrations changed. */
export const PushDeviceEvent = defineEvent('push_device', {
  push_account_id: z.union([z.string(), z.number().int()]),
  status: z.string(),
  error_code: z.string().nullable().optional(),
});
