import { ApiError, type Message } from '@teamchat/schema';
import { formatFetchedMessages, formatMessage } from './format-message.js';
import type { MessageRecord } from '../model/records/messages.js';
import {
  checkSpectatorNarrow,
  checkWindowRequest,
  fetchMessagesById,
  fetchMessageWindow,
  MAX_MESSAGES_PER_FETCH,
  normalizeNarrow,
  parseNarrow,
  searchFields,
} from '../narrow/index.js';
import type { Context, OperationParams } from '../runtime/context.js';

/** The parameters `message_ids` excludes, as the real server lists them. */
const WINDOW_PARAMETERS = [
  'num_before',
  'num_after',
  'anchor',
  'message_ids',
  'include_anchor',
  'use_first_unread_anchor',
];

/**
 * GET /messages: a window of a narrow around an anchor, or the listed `message_ids` that are in
 * the narrow. Every message carries the caller's `flags`; search narrows add `match_content`
 * and `match_subject`. Without credentials only web-public channels can be read, with
 * `channels:web-public` in the narrow.
 *
 * @see https://zulip.com/api/get-messages
 */
export function listMessages(params: OperationParams<'messages.list'>, ctx: Context) {
  let narrow = normalizeNarrow(params.narrow);
  const numBefore = params.num_before ?? 0;
  const numAfter = params.num_after ?? 0;
  const byIds = params.message_ids;
  if (
    byIds !== undefined &&
    (numBefore > 0 || numAfter > 0 || params.anchor !== undefined || params.use_first_unread_anchor)
  ) {
    const parameters = WINDOW_PARAMETERS.join(', ');
    throw new ApiError('BAD_REQUEST', `Unsupported parameter combination: ${parameters}`, { extra: { parameters } });
  }
  const request = {
    anchor: params.anchor,
    useFirstUnreadAnchor: params.use_first_unread_anchor,
    numBefore,
    numAfter,
    includeAnchor: params.include_anchor,
  };
  if (byIds === undefined) checkWindowRequest(request);
  else if (byIds.length > MAX_MESSAGES_PER_FETCH) {
    throw new ApiError('BAD_REQUEST', `Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  }
  if (!ctx.user) narrow = checkSpectatorNarrow(ctx, narrow);
  const parsed = parseNarrow(ctx, ctx.user, narrow);

  const options = {
    applyMarkdown: params.apply_markdown,
    // Spectators never get client-computed avatars.
    clientExtavatar: ctx.user ? params.client_extavatar : false,
    allowEmptyTopicName: params.allow_empty_topic_name,
  };
  const format = (records: readonly MessageRecord[]): Message[] => {
    if (!parsed.search) return formatFetchedMessages(ctx, records, ctx.user, options);
    const search = parsed.search;
    return records.map((message) => ({
      ...formatMessage(ctx, message, ctx.user, { ...options, includeFlags: true }),
      ...searchFields(message, search),
    }));
  };

  if (byIds !== undefined) {
    const messages = format(fetchMessagesById(ctx, parsed, byIds));
    return { messages, found_anchor: false, found_oldest: false, found_newest: false, history_limited: false };
  }
  const window = fetchMessageWindow(ctx, ctx.user, parsed, request);
  return {
    messages: format(window.messages),
    anchor: window.anchor,
    found_anchor: window.foundAnchor,
    found_oldest: window.foundOldest,
    found_newest: window.foundNewest,
    history_limited: window.historyLimited,
  };
}
