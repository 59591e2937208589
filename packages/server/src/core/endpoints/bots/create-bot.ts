import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createBot } from '../../bots/create-bot.js';

/** POST /bots: {@link createBot}. */
export const createBotImpl = implement(endpoints['bots.create'], createBot);
