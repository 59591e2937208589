export { getStatus } from './get-status.js';
export { updateStatus } from './update-status.js';
export { updateStatusOf } from './update-status-of.js';
