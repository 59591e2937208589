import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getBotStorage, removeBotStorage, updateBotStorage } from '../../bots/bot-storage.js';

/** GET /bot_storage: {@link getBotStorage}. */
export const getBotStorageImpl = implement(endpoints['bots.getStorage'], getBotStorage);
/** PUT /bot_storage: {@link updateBotStorage}. */
export const updateBotStorageImpl = implement(endpoints['bots.updateStorage'], updateBotStorage);
/** DELETE /bot_storage: {@link removeBotStorage}. */
export const removeBotStorageImpl = implement(endpoints['bots.removeStorage'], removeBotStorage);
