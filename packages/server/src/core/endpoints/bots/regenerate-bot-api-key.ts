import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { regenerateBotApiKey } from '../../bots/regenerate-api-key.js';

/** POST /bots/{bot_id}/api_key/regenerate: {@link regenerateBotApiKey}. */
export const regenerateBotApiKeyImpl = implement(endpoints['bots.regenerateApiKey'], regenerateBotApiKey);
