import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { checkPasswordChange, updateSettings } from '../../settings/update-settings.js';

/** PATCH /settings/notifications: {@link updateSettings}. */
export const updateNotificationSettingsImpl = implement(endpoints['settings.updateNotifications'], updateSettings, {
  // The password check and hashing take tens of milliseconds: they run before the write lock.
  prepare: checkPasswordChange,
});
