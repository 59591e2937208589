import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateChannelFolder } from '../../channel-folders/update-channel-folder.js';

/** PATCH /channel_folders/{channel_folder_id}: {@link updateChannelFolder}. */
export const updateChannelFolderImpl = implement(endpoints['channelFolders.update'], updateChannelFolder);
