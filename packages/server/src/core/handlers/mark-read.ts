import { areaHandlers } from '../dispatch/handler.js';
import { markAllAsRead, markStreamAsRead, markTopicAsRead } from '../messages/mark-as-read.js';

/**
 * The handlers of the `mark-read` contracts (schema/src/endpoints/mark-read/); its ports: marking
 * everything read commits batch by batch; messages read take their push notifications back (hooks
 * and jobs).
 */
export const markReadHandlers = areaHandlers(
  'markRead',
  { ports: ['hooks', 'jobs', 'store'] },
  {
    'messages.markAllAsRead': { operation: markAllAsRead, ownTransactions: true },
    'messages.markStreamAsRead': { operation: markStreamAsRead },
    'messages.markTopicAsRead': { operation: markTopicAsRead },
  },
);
