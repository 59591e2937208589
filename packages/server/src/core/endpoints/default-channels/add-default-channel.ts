import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { addDefaultChannel } from '../../channels/default-channels.js';

/** POST /default_streams: {@link addDefaultChannel}. */
export const addDefaultChannelImpl = implement(endpoints['defaultChannels.add'], addDefaultChannel);
