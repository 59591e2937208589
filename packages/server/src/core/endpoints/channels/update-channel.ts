import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateChannel } from '../../channels/update-channel.js';

/** PATCH /streams/{stream_id}: {@link updateChannel}. */
export const updateChannelImpl = implement(endpoints['channels.update'], updateChannel);
