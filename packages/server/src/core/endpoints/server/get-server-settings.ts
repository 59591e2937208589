import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getServerSettings } from '../../realm/server-settings.js';

/** GET /server_settings: {@link getServerSettings}. */
export const getServerSettingsImpl = implement(endpoints['server.getSettings'], getServerSettings);
