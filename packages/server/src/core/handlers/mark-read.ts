import type { AreaHandlers } from '../dispatch/handler.js';
import { markAllAsRead, markStreamAsRead, markTopicAsRead } from '../messages/mark-as-read.js';

/** The handlers of the `mark-read` contracts (schema/src/endpoints/mark-read/). */
export const markReadHandlers = {
  'messages.markAllAsRead': { operation: markAllAsRead, ownTransactions: true },
  'messages.markStreamAsRead': { operation: markStreamAsRead },
  'messages.markTopicAsRead': { operation: markTopicAsRead },
} satisfies AreaHandlers<'markRead'>;
