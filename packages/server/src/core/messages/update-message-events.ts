import type { Context } from '../runtime/context.js';
import { emit } from '../events/emit.js';
import { topicLinks } from '../markdown/topic-links.js';
import { displayTopic } from './format-message.js';
import { messageFlags, messageUserIds } from '../model/message-flags.js';
import { flagNames, type MessageRecord } from '../model/records/messages.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'config' | 'events'>;

/** What an edit changed, for the `update_message` event. */
export interface UpdateDescription {
  editorId: number;
  timestamp: number;
  /** The message the request named, as it is now. */
  target: MessageRecord;
  /** Every message changed (the target included). */
  messageIds: number[];
  content?: { before: MessageRecord };
  move?: { fromStreamId: number; toStreamId: number; fromTopic: string; toTopic: string; mode: string };
  /** Users to tell (default: everyone with a row on a changed message). */
  audience?: Iterable<number>;
  /** The target's rows before the edit, when the edit changed them (default: its rows now). */
  targetRows?: ReadonlyMap<number, number>;
}

/**
 * Emits `update_message` to the users who received the changed messages: content fields on
 * content edits, `orig_subject`/`propagate_mode` on moves, `subject`/`topic_links` when the
 * topic changed, `new_stream_id` when the channel changed, and the user's flags on the
 * target message. Topics follow each queue's empty-topic capability.
 */
export function emitUpdateMessage(ctx: Ctx, update: UpdateDescription): void {
  const audience = new Set<number>(update.audience ?? []);
  if (!update.audience) {
    for (const id of update.messageIds) for (const userId of messageUserIds(ctx, id)) audience.add(userId);
  }
  const target = update.target;
  const streamId = update.move?.fromStreamId ?? target.stream_id;
  const streamName = streamId === null ? '' : (ctx.db.get('channels', streamId)?.name ?? '');
  // The same for every recipient: worked out once, not per queue.
  const messageIds = [...update.messageIds].sort((a, b) => a - b);
  const move = update.move;
  const topicChanged = move !== undefined && move.toTopic !== move.fromTopic;
  const links = topicChanged ? topicLinks(ctx, move.toTopic) : [];
  for (const userId of audience) {
    const bits = messageFlags(ctx, target.id, userId);
    emit(ctx, [userId], (queue) => {
      const allowEmpty = queue.has('empty_topic_name');
      const event: Record<string, unknown> & { type: string } = {
        type: 'update_message',
        user_id: update.editorId,
        edit_timestamp: update.timestamp,
        message_id: target.id,
        message_ids: messageIds,
        flags: bits === undefined ? [] : flagNames(bits),
        rendering_only: false,
      };
      if (streamId !== null) {
        event['stream_id'] = streamId;
        event['stream_name'] = streamName;
      }
      if (move) {
        event['propagate_mode'] = move.mode;
        event['orig_subject'] = displayTopic(ctx, move.fromTopic, allowEmpty);
        if (move.toStreamId !== move.fromStreamId) event['new_stream_id'] = move.toStreamId;
        if (topicChanged) {
          event['subject'] = displayTopic(ctx, move.toTopic, allowEmpty);
          event['topic_links'] = links;
        }
      }
      if (update.content) {
        event['orig_content'] = update.content.before.content;
        event['orig_rendered_content'] = update.content.before.rendered_content;
        event['content'] = target.content;
        event['rendered_content'] = target.rendered_content;
        event['is_me_message'] = target.is_me_message;
      }
      return event;
    });
  }
}
