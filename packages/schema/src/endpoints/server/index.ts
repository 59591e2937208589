export { devFetchApiKey } from './dev-fetch-api-key.js';
export { devListUsers } from './dev-list-users.js';
export { fetchApiKey } from './fetch-api-key.js';
export { getServerSettings } from './get-server-settings.js';
