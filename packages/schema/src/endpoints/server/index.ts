export { fetchApiKey } from './fetch-api-key.js';
export { getServerSettings } from './get-server-settings.js';
