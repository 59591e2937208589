import { ApiError } from '@teamchat/schema';
import { hasContentAccess } from '../model/channel-access.js';
import { channelByName } from '../model/channel-name.js';
import type { UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';

/**
 * A bot's default channel by name, as the caller may reach it (the real server's
 * `access_stream_by_name`): `Invalid channel name '<name>'` otherwise.
 */
export function accessChannelByName(ctx: UserContext, name: string): ChannelRecord {
  const channel = channelByName(ctx, name.trim());
  if (!channel || channel.is_archived || !hasContentAccess(ctx, ctx.user, channel))
    throw new ApiError('BAD_REQUEST', `Invalid channel name '${name}'`);
  return channel;
}
