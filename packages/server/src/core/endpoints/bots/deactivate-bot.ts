import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deactivateBot } from '../../bots/deactivate-bot.js';

/** DELETE /bots/{bot_id}: {@link deactivateBot}. */
export const deactivateBotImpl = implement(endpoints['bots.deactivate'], deactivateBot);
