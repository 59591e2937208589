import { areaHandlers } from '../dispatch/handler.js';
import { getBotStorage, removeBotStorage, updateBotStorage } from '../bots/bot-storage.js';
import { createBot } from '../bots/create-bot.js';
import { deactivateBot } from '../bots/deactivate-bot.js';
import { listBots } from '../bots/list-bots.js';
import { regenerateBotApiKey } from '../bots/regenerate-api-key.js';
import { updateBot } from '../bots/update-bot.js';

/** The handlers of the `bots` contracts (schema/src/endpoints/bots/). */
export const botsHandlers = areaHandlers(
  'bots',
  { ports: [] },
  {
    'bots.create': { operation: createBot },
    'bots.deactivate': { operation: deactivateBot },
    'bots.getStorage': { operation: getBotStorage },
    'bots.list': { operation: listBots },
    'bots.regenerateApiKey': { operation: regenerateBotApiKey },
    'bots.removeStorage': { operation: removeBotStorage },
    'bots.update': { operation: updateBot },
    'bots.updateStorage': { operation: updateBotStorage },
  },
);
