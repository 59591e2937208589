export { muteUser } from './mute-user.js';
export { unmuteUser } from './unmute-user.js';
