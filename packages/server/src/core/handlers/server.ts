import { areaHandlers } from '../dispatch/handler.js';
import { devFetchApiKey, devListUsers } from '../auth/dev-login.js';
import { fetchApiKey } from '../auth/fetch-api-key.js';
import { getServerSettings } from '../realm/server-settings.js';

/**
 * The handlers of the `server` contracts (schema/src/endpoints/server/); its ports: password
 * logins count their attempts.
 */
export const serverHandlers = areaHandlers(
  'server',
  { ports: ['rateLimiter'] },
  {
    'server.devFetchApiKey': { operation: devFetchApiKey, readOnly: true },
    'server.devListUsers': { operation: devListUsers },
    'server.fetchApiKey': { operation: fetchApiKey, readOnly: true },
    'server.getSettings': { operation: getServerSettings, keptAnswer: true },
  },
);
