import { ApiError, type MessageSnapshot } from '@teamchat/schema';
import { highlightHtmlDifferences } from '../markdown/html-diff.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { accessMessage } from '../model/message-access.js';
import { displayTopic, isMove } from './format-message.js';

/**
 * GET /messages/{message_id}/history: every version of a message the caller may read, oldest
 * first (the real server's `fill_edit_history_entries`). Each snapshot has the topic and
 * content right after its edit, with the `prev_*` fields (and `content_html_diff`) of what
 * that edit changed; the first snapshot is the original. Organizations that hide edit history
 * refuse; with history of moves only, content edits are left out and every snapshot shows
 * the current content.
 *
 * @see https://zulip.com/api/get-message-history
 */
export function getMessageHistory(params: OperationParams<'messages.history'>, ctx: UserContext) {
  const policy = ctx.realm.message_edit_history_visibility_policy;
  if (policy === 3) throw new ApiError('BAD_REQUEST', 'Message edit history is disabled in this organization');
  const message = accessMessage(ctx, ctx.user, params.message_id);
  const topic = (name: string) => displayTopic(ctx, name, params.allow_empty_topic_name);
  const movesOnly = policy === 2;
  let content = message.content;
  let rendered = message.rendered_content;
  let currentTopic = message.topic;
  const snapshots: MessageSnapshot[] = [];
  // Stored history is most recent first: walk it backwards in time, undoing each edit.
  for (const entry of message.edit_history) {
    if (movesOnly && !isMove(entry) && entry.prev_topic === undefined) continue;
    const snapshot: MessageSnapshot = {
      topic: topic(currentTopic),
      content,
      rendered_content: rendered,
      user_id: entry.user_id,
      timestamp: entry.timestamp,
    };
    if (entry.prev_topic !== undefined) {
      snapshot.prev_topic = topic(entry.prev_topic);
      currentTopic = entry.prev_topic;
    }
    if (entry.prev_stream !== undefined) {
      snapshot.prev_stream = entry.prev_stream;
      if (entry.stream !== undefined) snapshot.stream = entry.stream;
    }
    if (!movesOnly && entry.prev_content !== undefined && entry.prev_rendered_content !== undefined) {
      snapshot.prev_content = entry.prev_content;
      snapshot.prev_rendered_content = entry.prev_rendered_content;
      snapshot.content_html_diff = highlightHtmlDifferences(entry.prev_rendered_content, rendered);
      content = entry.prev_content;
      rendered = entry.prev_rendered_content;
    }
    snapshots.push(snapshot);
  }
  snapshots.push({
    topic: topic(currentTopic),
    content,
    rendered_content: rendered,
    user_id: message.sender_id,
    timestamp: message.timestamp,
  });
  return { message_history: snapshots.reverse() };
}
