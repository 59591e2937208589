import type { OperationParams, UserContext } from '../runtime/context.js';
import { randomAlphanumeric } from '../internal/random.js';
import { accessBot } from './access-bot.js';
import { emitBotUpdate } from './bot-events.js';

/**
 * POST /bots/{bot_id}/api_key/regenerate: a new 32-character key for a bot the caller
 * administers; the old key stops working at once. Its administrators get `realm_bot update`
 * with the key.
 */
export function regenerateBotApiKey(params: OperationParams<'bots.regenerateApiKey'>, ctx: UserContext) {
  const bot = accessBot(ctx, params.bot_id);
  const updated = ctx.db.patch('users', bot.id, { api_key: randomAlphanumeric(32, ctx.random) });
  emitBotUpdate(ctx, updated, { api_key: updated.api_key });
  return { api_key: updated.api_key };
}
