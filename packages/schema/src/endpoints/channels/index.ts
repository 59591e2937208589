export { createChannel, MessageRetentionDays } from './create-channel.js';
export { listChannels } from './list-channels.js';
