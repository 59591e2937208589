export { updateRealmUserSettingsDefaults } from './update-realm-user-settings-defaults.js';
export { updateDisplaySettings, updateNotificationSettings, updateSettings } from './update-settings.js';
