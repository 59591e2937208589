import { areaHandlers } from '../dispatch/handler.js';
import {
  createChannelFolder,
  listChannelFolders,
  reorderChannelFolders,
} from '../channel-folders/channel-folder-endpoints.js';
import { updateChannelFolder } from '../channel-folders/update-channel-folder.js';

/** The handlers of the `channel-folders` contracts (schema/src/endpoints/channel-folders/). */
export const channelFoldersHandlers = areaHandlers(
  'channelFolders',
  { ports: [] },
  {
    'channelFolders.create': { operation: createChannelFolder },
    'channelFolders.list': { operation: listChannelFolders },
    'channelFolders.reorder': { operation: reorderChannelFolders },
    'channelFolders.update': { operation: updateChannelFolder },
  },
);
