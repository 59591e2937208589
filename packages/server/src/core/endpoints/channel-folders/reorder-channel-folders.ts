import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { reorderChannelFolders } from '../../channel-folders/channel-folder-endpoints.js';

/** PATCH /channel_folders: {@link reorderChannelFolders}. */
export const reorderChannelFoldersImpl = implement(endpoints['channelFolders.reorder'], reorderChannelFolders);
