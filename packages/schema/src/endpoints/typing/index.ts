export { setEditTypingStatus } from './set-edit-typing-status.js';
export { setTypingStatus } from './set-typing-status.js';
