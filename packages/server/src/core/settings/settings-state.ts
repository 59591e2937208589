import { initialUserSettings, NOTIFICATION_SOUNDS, type UserSettings } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';
import { DISPLAY_SETTINGS_LEGACY, NOTIFICATION_SETTINGS_LEGACY } from '../events/setting-events.js';

const EMOJISET_CHOICES = [
  { key: 'set_a', text: 'Modern' },
  { key: 'set_b', text: 'Classic' },
  { key: 'text', text: 'Plain text' },
];

const AVAILABLE_SOUNDS = NOTIFICATION_SOUNDS.filter((sound) => sound !== 'none');

/** A user's settings, with the defaults of settings added after the record was written. */
function settingsOf(settings: UserSettings): UserSettings {
  return { ...initialUserSettings(), ...settings };
}

function pick(settings: UserSettings, names: readonly (keyof UserSettings)[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, settings[name]]));
}

/** The `user_settings` block: the user's settings as one object, whatever the capabilities. */
export const userSettingsState: StateBlock = {
  eventTypes: ['user_settings'],
  fetch(ctx) {
    return {
      user_settings: {
        ...settingsOf(ctx.user.settings),
        available_notification_sounds: AVAILABLE_SOUNDS,
        emojiset_choices: EMOJISET_CHOICES,
      },
    };
  },
};

/**
 * The legacy display settings as top-level keys: only for `update_display_settings` and
 * clients without the `user_settings_object` capability, as the real server decides.
 */
export const legacyDisplaySettingsState: StateBlock = {
  eventTypes: ['update_display_settings'],
  selected: (want, capabilities) => want('update_display_settings') && capabilities['user_settings_object'] !== true,
  fetch(ctx) {
    return {
      ...pick(settingsOf(ctx.user.settings), DISPLAY_SETTINGS_LEGACY),
      emojiset_choices: EMOJISET_CHOICES,
      timezone: ctx.user.settings.timezone,
    };
  },
};

/** The legacy notification settings as top-level keys (`update_global_notifications`, old clients). */
export const legacyNotificationSettingsState: StateBlock = {
  eventTypes: ['update_global_notifications'],
  selected: (want, capabilities) =>
    want('update_global_notifications') && capabilities['user_settings_object'] !== true,
  fetch(ctx) {
    return {
      ...pick(settingsOf(ctx.user.settings), NOTIFICATION_SETTINGS_LEGACY),
      available_notification_sounds: AVAILABLE_SOUNDS,
    };
  },
};

/** The `realm_user_settings_defaults` block: what new accounts start with (no time zone). */
export const realmUserSettingsDefaultsState: StateBlock = {
  eventTypes: ['realm_user_settings_defaults'],
  fetch(ctx) {
    const { timezone: _timezone, ...defaults } = settingsOf(ctx.realm.user_settings_defaults);
    return {
      realm_user_settings_defaults: {
        ...defaults,
        available_notification_sounds: AVAILABLE_SOUNDS,
        emojiset_choices: EMOJISET_CHOICES,
      },
    };
  },
};
