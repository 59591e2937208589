import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getReadReceipts } from '../../messages/read-receipts.js';

/** GET /messages/{message_id}/read_receipts: {@link getReadReceipts}. */
export const getReadReceiptsImpl = implement(endpoints['messages.readReceipts'], getReadReceipts);
