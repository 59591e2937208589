import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getChannelId } from '../../channels/get-channel-id.js';

/** GET /get_stream_id: {@link getChannelId}. */
export const getChannelIdImpl = implement(endpoints['channels.getId'], getChannelId);
