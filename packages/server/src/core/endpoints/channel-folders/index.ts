import { createChannelFolderImpl } from './create-channel-folder.js';
import { listChannelFoldersImpl } from './list-channel-folders.js';
import { reorderChannelFoldersImpl } from './reorder-channel-folders.js';
import { updateChannelFolderImpl } from './update-channel-folder.js';

/** The handlers of the `channel-folders` contracts, in the order of the schema's table. */
export const channelFolders = [
  createChannelFolderImpl,
  listChannelFoldersImpl,
  reorderChannelFoldersImpl,
  updateChannelFolderImpl,
] as const;
