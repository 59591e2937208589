export { deleteAvatar, uploadAvatar } from './avatar.js';
export { updateDisplaySettings } from './update-display-settings.js';
export { updateNotificationSettings } from './update-notification-settings.js';
export { updateRealmUserSettingsDefaults } from './update-realm-user-settings-defaults.js';
export { updateSettings } from './update-settings.js';
