import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listBots } from '../../bots/list-bots.js';

/** GET /bots: {@link listBots}. */
export const listBotsImpl = implement(endpoints['bots.list'], listBots);
