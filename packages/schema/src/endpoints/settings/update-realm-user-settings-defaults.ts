import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { realmDefaultSettingsShape } from './settings-params.js';

/**
 * PATCH /realm/user_settings_defaults: the settings new accounts start with. Administrators only;
 * existing accounts never change.
 *
 * @see https://zulip.com/api/update-realm-user-settings-defaults
 */
export const updateRealmUserSettingsDefaults = defineEndpoint({
  name: 'settings.updateRealmDefaults',
  method: 'PATCH',
  path: '/realm/user_settings_defaults',
  access: 'admin',
  since: 96,
  summary: 'Change the default settings of accounts created later.',
  docs: 'update-realm-user-settings-defaults',
  params: z.object(realmDefaultSettingsShape),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
