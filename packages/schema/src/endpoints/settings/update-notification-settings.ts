import { defineEndpoint } from '../../define-endpoint.js';
import {
  updateSettingsErrors as errors,
  updateSettingsParams as params,
  updateSettingsResponse as response,
} from './settings-params.js';

/** @deprecated Use `settings.update` (PATCH /settings); an alias since feature level 80. */
export const updateNotificationSettings = defineEndpoint({
  name: 'settings.updateNotifications',
  method: 'PATCH',
  path: '/settings/notifications',
  access: 'human',
  summary: 'Deprecated alias of PATCH /settings.',
  docs: 'update-settings',
  docsNote: "The real server's older form of PATCH /settings (notification settings), documented with it.",
  params,
  response,
  errors,
  deprecated: 'settings.update',
});
