import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { removeDefaultChannel } from '../../channels/default-channels.js';

/** DELETE /default_streams: {@link removeDefaultChannel}. */
export const removeDefaultChannelImpl = implement(endpoints['defaultChannels.remove'], removeDefaultChannel);
