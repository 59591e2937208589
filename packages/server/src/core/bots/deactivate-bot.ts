import type { OperationParams, UserContext } from '../runtime/context.js';
import { deactivateAccount } from '../users/account-activation.js';
import { accessBot } from './access-bot.js';

/** DELETE /bots/{bot_id}: deactivates a bot the caller administers (an already deactivated bot stays so). */
export function deactivateBot(params: OperationParams<'bots.deactivate'>, ctx: UserContext) {
  const bot = accessBot(ctx, params.bot_id);
  if (bot.is_active) deactivateAccount(ctx, bot, { cascade: false });
  return {};
}
