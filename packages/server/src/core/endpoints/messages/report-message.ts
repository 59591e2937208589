import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { reportMessage } from '../../messages/report-message.js';

/** POST /messages/{message_id}/report: {@link reportMessage}. */
export const reportMessageImpl = implement(endpoints['messages.report'], reportMessage);
