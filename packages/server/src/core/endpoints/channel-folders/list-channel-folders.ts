import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listChannelFolders } from '../../channel-folders/channel-folder-endpoints.js';

/** GET /channel_folders: {@link listChannelFolders}. */
export const listChannelFoldersImpl = implement(endpoints['channelFolders.list'], listChannelFolders);
