import type { Bot, BotService } from '@teamchat/schema';
import { avatarUrl } from '../model/avatar.js';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';

type Ctx = Pick<Context, 'db' | 'config'>;

/**
 * The `services` of a bot (the real server's `get_service_dicts_for_bot`): an outgoing-webhook
 * bot's URL, token and interface; an embedded bot's name and configuration; nothing for others.
 */
export function botServices(bot: UserRecord): BotService[] {
  if (bot.bot_type === 3 && bot.service)
    return [{ base_url: bot.service.base_url, interface: bot.service.interface, token: bot.service.token }];
  if (bot.bot_type === 4) return [{ config_data: { ...bot.bot_config }, service_name: bot.service?.name ?? '' }];
  return [];
}

/** The name of channel `id`, or null. */
export function channelNameOf(ctx: Pick<Context, 'db'>, id: number | null | undefined): string | null {
  return id === null || id === undefined ? null : (ctx.db.get('channels', id)?.name ?? null);
}

/** A bot as those who administer it see it: `realm_bots` of POST /register and `realm_bot add`. */
export function formatBot(ctx: Ctx, bot: UserRecord): Bot {
  return {
    email: bot.email,
    user_id: bot.id,
    full_name: bot.full_name,
    bot_type: bot.bot_type,
    is_active: bot.is_active,
    api_key: bot.api_key,
    default_sending_stream: channelNameOf(ctx, bot.default_sending_stream_id),
    default_events_register_stream: channelNameOf(ctx, bot.default_events_register_stream_id),
    default_all_public_streams: bot.default_all_public_streams ?? false,
    avatar_url: avatarUrl(bot, ctx.config.realmUrl),
    owner_id: bot.bot_owner_id,
    services: botServices(bot),
  };
}
