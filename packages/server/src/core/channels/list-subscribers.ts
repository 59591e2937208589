import { accessChannelById, activeSubscriberIds } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /streams/{stream_id}/members: the IDs of the channel's active subscribers, ascending,
 * for anyone who can see the channel (`Invalid channel ID` otherwise, and for archived
 * channels).
 *
 * @see https://zulip.com/api/get-subscribers
 */
export function listSubscribers(params: OperationParams<'channels.listSubscribers'>, ctx: UserContext) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { metadataOnly: true });
  return { subscribers: activeSubscriberIds(ctx, channel.id) };
}
