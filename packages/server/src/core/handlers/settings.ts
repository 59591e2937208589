import { areaHandlers, withPrepare } from '../dispatch/handler.js';
import { deleteAvatar, uploadAvatar } from '../settings/avatar.js';
import { updateRealmDefaults } from '../settings/update-realm-defaults.js';
import { checkPasswordChange, updateSettings } from '../settings/update-settings.js';

/**
 * The handlers of the `settings` contracts (schema/src/endpoints/settings/); its ports: an
 * uploaded avatar is in the file store, committed once written.
 */
export const settingsHandlers = areaHandlers(
  'settings',
  { ports: ['files', 'store'] },
  {
    'settings.deleteAvatar': { operation: deleteAvatar },
    'settings.uploadAvatar': { operation: uploadAvatar, ownTransactions: true },
    // The password check and hashing take tens of milliseconds: they run before the write lock.
    'settings.update': withPrepare(checkPasswordChange, updateSettings),
    'settings.updateDisplay': withPrepare(checkPasswordChange, updateSettings),
    'settings.updateNotifications': withPrepare(checkPasswordChange, updateSettings),
    'settings.updateRealmDefaults': { operation: updateRealmDefaults },
  },
);
