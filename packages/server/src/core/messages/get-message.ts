import { fetchedMessageAnswer } from './format-message.js';
import { accessMessage } from '../model/message-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /messages/{message_id}: one message the caller may read, with their flags and the
 * deprecated `raw_content`; a message they may not read is `Invalid message(s)` like a
 * missing one.
 *
 * @see https://zulip.com/api/get-message
 */
export function getMessage(params: OperationParams<'messages.get'>, ctx: UserContext) {
  const message = accessMessage(ctx, ctx.user, params.message_id);
  return fetchedMessageAnswer(ctx, message, ctx.user, {
    applyMarkdown: params.apply_markdown,
    clientExtavatar: false,
    allowEmptyTopicName: params.allow_empty_topic_name,
  });
}
