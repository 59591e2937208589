export { markAllAsRead } from './mark-all-as-read.js';
export { markStreamAsRead } from './mark-stream-as-read.js';
export { markTopicAsRead } from './mark-topic-as-read.js';
