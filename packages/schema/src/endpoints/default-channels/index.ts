export { addDefaultChannel } from './add-default-channel.js';
export { removeDefaultChannel } from './remove-default-channel.js';
