import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { previewMessage } from '../../markdown/preview-message.js';

/** POST /messages/render: {@link previewMessage}; writes nothing. */
export const renderMessageImpl = implement(endpoints['messages.render'], previewMessage, { readOnly: true });
