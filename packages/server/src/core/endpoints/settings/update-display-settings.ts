import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { checkPasswordChange, updateSettings } from '../../settings/update-settings.js';

/** PATCH /settings/display: {@link updateSettings}. */
export const updateDisplaySettingsImpl = implement(endpoints['settings.updateDisplay'], updateSettings, {
  // The password check and hashing take tens of milliseconds: they run before the write lock.
  prepare: checkPasswordChange,
});
