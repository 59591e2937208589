import { endpoints } from '@teamchat/schema';
import { implement } from '../procedure/implement.js';
import { accessChannelById, activeSubscriberIds } from '../model/channel-access.js';

/**
 * GET /streams/{stream_id}/members: the IDs of the channel's active subscribers, ascending,
 * for anyone who can see the channel (`Invalid channel ID` otherwise, and for archived
 * channels).
 *
 * @see shared/reference/users-channels-realm.md §5.7
 */
export const listSubscribersImpl = implement(endpoints['channels.listSubscribers'], (params, ctx) => {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { metadataOnly: true });
  return { subscribers: activeSubscriberIds(ctx, channel.id) };
});
