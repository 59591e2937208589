import { avatarUrl } from '../model/avatar.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { channelNameOf } from './format-bot.js';

/** GET /bots: the caller's active bots, oldest first (the real server's `get_bots_backend` shape). */
export function listBots(_params: OperationParams<'bots.list'>, ctx: UserContext) {
  const bots = [...ctx.db.all('users')]
    .filter((bot) => bot.is_bot && bot.is_active && bot.bot_owner_id === ctx.user.id)
    .sort((a, b) => a.date_joined - b.date_joined || a.id - b.id);
  return {
    bots: bots.map((bot) => ({
      username: bot.email,
      full_name: bot.full_name,
      api_key: bot.api_key,
      avatar_url: avatarUrl(bot, ctx.config.realmUrl),
      default_sending_stream: channelNameOf(ctx, bot.default_sending_stream_id),
      default_events_register_stream: channelNameOf(ctx, bot.default_events_register_stream_id),
      default_all_public_streams: bot.default_all_public_streams ?? false,
    })),
  };
}
