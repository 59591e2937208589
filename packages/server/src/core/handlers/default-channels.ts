import type { AreaHandlers } from '../dispatch/handler.js';
import { addDefaultChannel, removeDefaultChannel } from '../channels/default-channels.js';

/** The handlers of the `default-channels` contracts (schema/src/endpoints/default-channels/). */
export const defaultChannelsHandlers = {
  'defaultChannels.add': { operation: addDefaultChannel },
  'defaultChannels.remove': { operation: removeDefaultChannel },
} satisfies AreaHandlers<'defaultChannels'>;
