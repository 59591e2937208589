import { ApiError } from '@teamchat/schema';
import { hasContentAccess } from '../model/channel-access.js';
import { channelByName } from '../model/channel-name.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /get_stream_id: the ID of the channel named `stream` (case-insensitive, stripped) if
 * the caller can read it; otherwise `Invalid channel name '<name>'`, whether it does not
 * exist, is archived or is out of reach.
 *
 * @see https://zulip.com/api/get-stream-id
 */
export function getChannelId(params: OperationParams<'channels.getId'>, ctx: UserContext) {
  const name = params.stream.trim();
  const channel = channelByName(ctx, name);
  if (!channel || channel.is_archived || !hasContentAccess(ctx, ctx.user, channel)) {
    throw new ApiError('BAD_REQUEST', `Invalid channel name '${name}'`);
  }
  return { stream_id: channel.id };
}
