import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateRealmDefaults } from '../../settings/update-realm-defaults.js';

/** PATCH /realm/user_settings_defaults: {@link updateRealmDefaults}. */
export const updateRealmDefaultsImpl = implement(endpoints['settings.updateRealmDefaults'], updateRealmDefaults);
