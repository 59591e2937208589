import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateBot } from '../../bots/update-bot.js';

/** PATCH /bots/{bot_id}: {@link updateBot}. */
export const updateBotImpl = implement(endpoints['bots.update'], updateBot);
