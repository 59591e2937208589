import { accessChannelById } from '../model/channel-access.js';
import { formatChannel } from './format-channel.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /streams/{stream_id}: one channel the caller can see (metadata access suffices);
 * archived channels, like unknown ones, are `Invalid channel ID`.
 *
 * @see https://zulip.com/api/get-stream-by-id
 */
export function getChannel(params: OperationParams<'channels.get'>, ctx: UserContext) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { metadataOnly: true });
  return { stream: formatChannel(ctx, channel) };
}
