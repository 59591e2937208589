import { areaHandlers } from '../dispatch/handler.js';
import { updateRealm } from '../realm-settings/update-realm.js';
import { testWelcomeBotCustomMessage } from '../users/welcome-bot.js';

/**
 * The handlers of the `realm` contracts (schema/src/endpoints/realm/); its ports: the Welcome
 * Bot's test message is a message (hooks and jobs).
 */
export const realmHandlers = areaHandlers(
  'realm',
  { ports: ['hooks', 'jobs'] },
  {
    'realm.testWelcomeBotCustomMessage': { operation: testWelcomeBotCustomMessage },
    'realm.update': { operation: updateRealm },
  },
);
