import { endpoints } from '@teamchat/schema';
import { implement } from '../procedure/implement.js';
import { formatMessage } from './format-message.js';
import { accessMessage } from '../model/message-access.js';

/**
 * GET /messages/{message_id}: one message the caller may read, with their flags and the
 * deprecated `raw_content`; a message they may not read is `Invalid message(s)` like a
 * missing one.
 *
 * @see api-spec.md "Fetch a single message"
 */
export const getMessageImpl = implement(endpoints['messages.get'], (params, ctx) => {
  const message = accessMessage(ctx, ctx.user, params.message_id);
  return {
    message: formatMessage(ctx, message, ctx.user, {
      applyMarkdown: params.apply_markdown,
      clientExtavatar: false,
      allowEmptyTopicName: params.allow_empty_topic_name,
      includeFlags: true,
    }),
    raw_content: message.content,
  };
});
