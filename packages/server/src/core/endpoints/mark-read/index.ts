import { markAllAsReadImpl } from './mark-all-as-read.js';
import { markStreamAsReadImpl } from './mark-stream-as-read.js';
import { markTopicAsReadImpl } from './mark-topic-as-read.js';

/** The handlers of the `mark-read` contracts, in the order of the schema's table. */
export const markRead = [
  markAllAsReadImpl,
  markStreamAsReadImpl,
  markTopicAsReadImpl,
] as const;
