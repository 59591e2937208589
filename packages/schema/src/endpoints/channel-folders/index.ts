export { createChannelFolder } from './create-channel-folder.js';
export { listChannelFolders } from './list-channel-folders.js';
export { reorderChannelFolders } from './reorder-channel-folders.js';
export { updateChannelFolder } from './update-channel-folder.js';
