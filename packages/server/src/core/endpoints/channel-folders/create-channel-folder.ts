import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createChannelFolder } from '../../channel-folders/channel-folder-endpoints.js';

/** POST /channel_folders/create: {@link createChannelFolder}. */
export const createChannelFolderImpl = implement(endpoints['channelFolders.create'], createChannelFolder);
