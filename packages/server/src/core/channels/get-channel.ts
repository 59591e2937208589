import { endpoints } from '@teamchat/schema';
import { implement } from '../procedure/implement.js';
import { accessChannelById } from '../model/channel-access.js';
import { formatChannel } from './format-channel.js';

/**
 * GET /streams/{stream_id}: one channel the caller can see (metadata access suffices);
 * archived channels, like unknown ones, are `Invalid channel ID`.
 *
 * @see shared/reference/users-channels-realm.md §5.6
 */
export const getChannelImpl = implement(endpoints['channels.get'], (params, ctx) => {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { metadataOnly: true });
  return { stream: formatChannel(ctx, channel) };
});
