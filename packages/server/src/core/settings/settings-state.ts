import { NOTIFICATION_SOUNDS } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';

const EMOJISET_CHOICES = [
  { key: 'set_a', text: 'Modern' },
  { key: 'set_b', text: 'Classic' },
  { key: 'text', text: 'Plain text' },
];

/**
 * The `user_settings` block: the user's settings as one object (clients with the
 * `user_settings_object` capability) or as top-level keys (older clients).
 */
export const userSettingsState: StateBlock = {
  eventTypes: ['user_settings', 'update_display_settings', 'update_global_notifications'],
  fetch(ctx, _params, capabilities) {
    const settings = ctx.user.settings;
    if (capabilities['user_settings_object'] === true) {
      return {
        user_settings: {
          ...settings,
          available_notification_sounds: NOTIFICATION_SOUNDS.filter((sound) => sound !== 'none'),
          emojiset_choices: EMOJISET_CHOICES,
        },
      };
    }
    return { ...settings };
  },
};

/** The `realm_user_settings_defaults` block: what new accounts start with. */
export const realmUserSettingsDefaultsState: StateBlock = {
  eventTypes: ['realm_user_settings_defaults'],
  fetch(ctx) {
    return { realm_user_settings_defaults: { ...ctx.realm.user_settings_defaults } };
  },
};
