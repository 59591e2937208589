import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { checkPasswordChange, updateSettings } from '../../settings/update-settings.js';

/** PATCH /settings: {@link updateSettings}. */
export const updateSettingsImpl = implement(endpoints['settings.update'], updateSettings, {
  // The password check and hashing take tens of milliseconds: they run before the write lock.
  prepare: checkPasswordChange,
});
