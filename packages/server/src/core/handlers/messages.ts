import { areaHandlers, withPrepare } from '../dispatch/handler.js';
import { previewMessage } from '../markdown/preview-message.js';
import { deleteMessage } from '../messages/delete-message.js';
import { getMessageHistory } from '../messages/get-message-history.js';
import { getMessage } from '../messages/get-message.js';
import { listMessages } from '../messages/list-messages.js';
import { matchesNarrow } from '../messages/matches-narrow.js';
import { addReaction, removeReaction } from '../messages/reactions.js';
import { getReadReceipts } from '../messages/read-receipts.js';
import { reportMessage } from '../messages/report-message.js';
import { prepareSendMessage, sendMessage } from '../messages/send-message.js';
import { updateFlagsForNarrow } from '../messages/update-flags-for-narrow.js';
import { updateFlags } from '../messages/update-flags.js';
import { prepareUpdateMessage, updateMessage } from '../messages/update-message.js';

/**
 * The handlers of the `messages` contracts (schema/src/endpoints/messages/); its ports: deleting a
 * message deletes its uploads' files; a message stored or read lets outgoing webhooks and push
 * notifications react (hooks and jobs).
 */
export const messagesHandlers = areaHandlers(
  'messages',
  { ports: ['files', 'hooks', 'jobs', 'store'] },
  {
    'messages.addReaction': { operation: addReaction },
    'messages.delete': { operation: deleteMessage },
    'messages.get': { operation: getMessage, keptAnswer: true },
    'messages.history': { operation: getMessageHistory },
    'messages.list': { operation: listMessages, keptAnswer: true },
    'messages.matchesNarrow': { operation: matchesNarrow },
    'messages.readReceipts': { operation: getReadReceipts },
    'messages.removeReaction': { operation: removeReaction },
    // Writes nothing.
    'messages.render': { operation: previewMessage, readOnly: true },
    'messages.report': { operation: reportMessage },
    // The Notification Bot's notice to a bot's owner, committed before the message's own write.
    'messages.send': withPrepare(prepareSendMessage, sendMessage),
    // The content digest computed before the write lock.
    'messages.update': withPrepare(prepareUpdateMessage, updateMessage),
    'messages.updateFlags': { operation: updateFlags },
    'messages.updateFlagsForNarrow': { operation: updateFlagsForNarrow },
  },
);
