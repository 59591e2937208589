import type { AreaHandlers } from '../dispatch/handler.js';
import { updateRealm } from '../realm-settings/update-realm.js';
import { testWelcomeBotCustomMessage } from '../users/welcome-bot.js';

/** The handlers of the `realm` contracts (schema/src/endpoints/realm/). */
export const realmHandlers = {
  'realm.testWelcomeBotCustomMessage': { operation: testWelcomeBotCustomMessage },
  'realm.update': { operation: updateRealm },
} satisfies AreaHandlers<'realm'>;
