import { addDefaultChannelImpl } from './add-default-channel.js';
import { removeDefaultChannelImpl } from './remove-default-channel.js';

/** The handlers of the `default-channels` contracts, in the order of the schema's table. */
export const defaultChannels = [
  addDefaultChannelImpl,
  removeDefaultChannelImpl,
] as const;
