import { getBotStorageImpl, removeBotStorageImpl, updateBotStorageImpl } from './bot-storage.js';
import { createBotImpl } from './create-bot.js';
import { deactivateBotImpl } from './deactivate-bot.js';
import { listBotsImpl } from './list-bots.js';
import { regenerateBotApiKeyImpl } from './regenerate-bot-api-key.js';
import { updateBotImpl } from './update-bot.js';

/** The handlers of the `bots` contracts, in the order of the schema's table. */
export const bots = [listBotsImpl, createBotImpl, updateBotImpl, deactivateBotImpl, regenerateBotApiKeyImpl, getBotStorageImpl, updateBotStorageImpl, removeBotStorageImpl] as const;
