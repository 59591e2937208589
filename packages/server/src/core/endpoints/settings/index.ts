import { updateDisplaySettingsImpl } from './update-display-settings.js';
import { updateNotificationSettingsImpl } from './update-notification-settings.js';
import { updateRealmDefaultsImpl } from './update-realm-user-settings-defaults.js';
import { updateSettingsImpl } from './update-settings.js';

/** The handlers of the `settings` contracts, in the order of the schema's table. */
export const settings = [
  updateSettingsImpl,
  updateDisplaySettingsImpl,
  updateNotificationSettingsImpl,
  updateRealmDefaultsImpl,
] as const;
