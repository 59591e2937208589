export { deleteQueue } from './delete-queue.js';
export { getEvents } from './get-events.js';
export { registerQueue } from './register-queue.js';
