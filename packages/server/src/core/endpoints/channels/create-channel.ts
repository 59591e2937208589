import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createChannel } from '../../channels/create-channel.js';

/** POST /channels/create: {@link createChannel}. */
export const createChannelImpl = implement(endpoints['channels.create'], createChannel);
