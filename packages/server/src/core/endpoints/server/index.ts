import { devFetchApiKeyImpl } from './dev-fetch-api-key.js';
import { fetchApiKeyImpl } from './fetch-api-key.js';
import { getServerSettingsImpl } from './get-server-settings.js';

/** The handlers of the `server` contracts, in the order of the schema's table. */
export const server = [
  getServerSettingsImpl,
  fetchApiKeyImpl,
  devFetchApiKeyImpl,
] as const;
