import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listChannels } from '../../channels/list-channels.js';

/** GET /streams: {@link listChannels}. */
export const listChannelsImpl = implement(endpoints['channels.list'], listChannels);
