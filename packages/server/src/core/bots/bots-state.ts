import type { StateBlock } from '../events/state-block.js';
import { isAdmin } from '../model/roles.js';
import { formatBot } from './format-bot.js';

/**
 * The `realm_bots` block of POST /register: every bot of the organization (deactivated ones
 * included) for administrators, the bots they own for others; the server's own bots never.
 */
export const realmBotsState: StateBlock = {
  eventTypes: ['realm_bot'],
  fetch(ctx) {
    const all = isAdmin(ctx.user);
    const bots = [...ctx.db.all('users')].filter(
      (bot) => bot.is_bot && !bot.is_system_bot && (all || bot.bot_owner_id === ctx.user.id),
    );
    return { realm_bots: bots.map((bot) => formatBot(ctx, bot)) };
  },
};
