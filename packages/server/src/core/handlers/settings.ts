import { areaHandlers, withPrepare } from '../dispatch/handler.js';
import { updateRealmDefaults } from '../settings/update-realm-defaults.js';
import { checkPasswordChange, updateSettings } from '../settings/update-settings.js';

/** The handlers of the `settings` contracts (schema/src/endpoints/settings/). */
export const settingsHandlers = areaHandlers(
  'settings',
  { ports: [] },
  {
    // The password check and hashing take tens of milliseconds: they run before the write lock.
    'settings.update': withPrepare(checkPasswordChange, updateSettings),
    'settings.updateDisplay': withPrepare(checkPasswordChange, updateSettings),
    'settings.updateNotifications': withPrepare(checkPasswordChange, updateSettings),
    'settings.updateRealmDefaults': { operation: updateRealmDefaults },
  },
);
