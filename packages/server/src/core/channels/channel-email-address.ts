import { ApiError } from '@teamchat/schema';
import { md5Hex } from '../internal/md5.js';
import { accessChannelById } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { realmHost } from '../model/email-visibility.js';
import { findSystemBot } from '../messages/notification-bot.js';

/**
 * GET /streams/{stream_id}/email_address: the address that posts to a channel by email (FL
 * 226), formatted as the real server's `encode_email_address`: the channel name with runs of
 * non-word characters made hyphens, lowercased, then the channel's token and `show-sender`,
 * at the organization's host. `sender_id` (FL 335) may be the caller, a bot they own, or the
 * Email Gateway bot, the default sender (the real `get_stream_email_address`). The token is fixed per channel, caller and sender.
 */
export function getChannelEmailAddress(params: OperationParams<'channels.getEmailAddress'>, ctx: UserContext) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id);
  const gateway = findSystemBot(ctx, 'emailGateway')?.id;
  const sender = params.sender_id === gateway ? undefined : params.sender_id;
  if (sender !== undefined && sender !== ctx.user.id) {
    const bot = ctx.db.get('users', sender);
    if (!bot || !bot.is_bot || bot.bot_owner_id !== ctx.user.id || !bot.is_active)
      throw new ApiError('BAD_REQUEST', 'Invalid sender ID');
  }
  const token = md5Hex(
    `${ctx.realm.string_id}:${ctx.realm.date_created}:${channel.id}:${ctx.user.id}:${sender ?? 'email-gateway'}`,
  );
  const name = channel.name
    .replace(/[^\p{L}\p{N}_]+/gu, '-')
    .toLowerCase()
    .replace(/^-+|-+$/g, '');
  const local = `${name === '' ? '' : `${name}.`}${token}.show-sender`;
  return { email: `${local}@${realmHost(ctx.config.realmUrl).split(':')[0] ?? ''}` };
}
