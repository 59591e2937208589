import { areaHandlers } from '../dispatch/handler.js';
import { addDefaultChannel, removeDefaultChannel } from '../channels/default-channels.js';

/** The handlers of the `default-channels` contracts (schema/src/endpoints/default-channels/). */
export const defaultChannelsHandlers = areaHandlers(
  'defaultChannels',
  { ports: [] },
  {
    'defaultChannels.add': { operation: addDefaultChannel },
    'defaultChannels.remove': { operation: removeDefaultChannel },
  },
);
