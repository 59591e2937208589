import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { personalSettingsShape } from './settings-params.js';

const params = z.object({
  full_name: z.string().optional(),
  email: z.string().optional(),
  old_password: z.string().optional(),
  new_password: z.string().optional(),
  ...personalSettingsShape,
});
const response = z.looseObject({});
const errors = ['BAD_REQUEST', 'RATE_LIMIT_HIT'] as const;

/**
 * PATCH /settings: change the caller's own settings; any subset of the parameters.
 *
 * @see api-spec.md "Update settings"
 */
export const updateSettings = defineEndpoint({
  name: 'settings.update',
  method: 'PATCH',
  path: '/settings',
  access: 'human',
  summary: "Change the caller's own account, preference and notification settings.",
  params,
  response,
  errors,
});

/** @deprecated Use `settings.update` (PATCH /settings); an alias since feature level 80. */
export const updateDisplaySettings = defineEndpoint({
  name: 'settings.updateDisplay',
  method: 'PATCH',
  path: '/settings/display',
  access: 'human',
  summary: 'Deprecated alias of PATCH /settings.',
  params,
  response,
  errors,
  deprecated: 'settings.update',
});

/** @deprecated Use `settings.update` (PATCH /settings); an alias since feature level 80. */
export const updateNotificationSettings = defineEndpoint({
  name: 'settings.updateNotifications',
  method: 'PATCH',
  path: '/settings/notifications',
  access: 'human',
  summary: 'Deprecated alias of PATCH /settings.',
  params,
  response,
  errors,
  deprecated: 'settings.update',
});
