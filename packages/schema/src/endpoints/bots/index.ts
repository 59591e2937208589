export { getBotStorage, removeBotStorage, updateBotStorage } from './bot-storage.js';
export { createBot } from './create-bot.js';
export { deactivateBot } from './deactivate-bot.js';
export { listBots } from './list-bots.js';
export { regenerateBotApiKey } from './regenerate-bot-api-key.js';
export { updateBot } from './update-bot.js';
