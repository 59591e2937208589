import { defineEndpoint } from '../../define-endpoint.js';
import {
  updateSettingsErrors as errors,
  updateSettingsParams as params,
  updateSettingsResponse as response,
} from './settings-params.js';

/**
 * PATCH /settings: change the caller's own settings; any subset of the parameters.
 *
 * @see https://zulip.com/api/update-settings
 */
export const updateSettings = defineEndpoint({
  name: 'settings.update',
  method: 'PATCH',
  path: '/settings',
  access: 'human',
  summary: "Change the caller's own account, preference and notification settings.",
  docs: 'update-settings',
  params,
  response,
  errors,
});
