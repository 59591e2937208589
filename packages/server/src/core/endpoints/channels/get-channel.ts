import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getChannel } from '../../channels/get-channel.js';

/** GET /streams/{stream_id}: {@link getChannel}. */
export const getChannelImpl = implement(endpoints['channels.get'], getChannel);
