import { addReactionImpl } from './add-reaction.js';
import { deleteMessageImpl } from './delete-message.js';
import { getMessageImpl } from './get-message.js';
import { getMessageHistoryImpl } from './get-message-history.js';
import { getReadReceiptsImpl } from './get-read-receipts.js';
import { listMessagesImpl } from './list-messages.js';
import { matchesNarrowImpl } from './matches-narrow.js';
import { removeReactionImpl } from './remove-reaction.js';
import { renderMessageImpl } from './render-message.js';
import { reportMessageImpl } from './report-message.js';
import { sendMessageImpl } from './send-message.js';
import { updateFlagsForNarrowImpl } from './update-message-flags-for-narrow.js';
import { updateMessageImpl } from './update-message.js';
import { updateFlagsImpl } from './update-message-flags.js';

/** The handlers of the `messages` contracts, in the order of the schema's table. */
export const messages = [
  sendMessageImpl,
  listMessagesImpl,
  getMessageImpl,
  updateMessageImpl,
  deleteMessageImpl,
  matchesNarrowImpl,
  updateFlagsImpl,
  updateFlagsForNarrowImpl,
  addReactionImpl,
  removeReactionImpl,
  getMessageHistoryImpl,
  renderMessageImpl,
  getReadReceiptsImpl,
  reportMessageImpl,
] as const;
