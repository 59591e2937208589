import type { EditHistoryEntry } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import { relinkMessageUploads } from '../attachments/link-attachments.js';
import type { AttachmentRecord } from '../model/records/attachments.js';
import type { UserRecord } from '../model/records/users.js';
import { renderMessage, type RenderedMessage } from '../markdown/render-message.js';
import {
  checkGroupMentions,
  recipientMentionBits,
  topicWildcardParticipants,
  type MentionScope,
} from './message-mentions.js';
import { messageRows, setMessageRows } from '../model/message-flags.js';
import { MENTION_MASK, type MessageRecord } from '../model/records/messages.js';
import { emitUpdateMessage } from './update-message-events.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'config' | 'events' | 'now'>;

/**
 * Replaces a message's content: re-renders it, recomputes every recipient's mention flags,
 * prepends `entry` to its edit history, and (unless a move follows, which reports both)
 * emits `update_message`. Returns the message and the sender's uploads no message links any
 * more (`detached_uploads`).
 */
export function applyContentEdit(
  ctx: Ctx,
  message: MessageRecord,
  content: string,
  entry: EditHistoryEntry,
  options: {
    emitEvent: boolean;
    check?: (rendered: RenderedMessage, topicParticipants: ReadonlySet<number> | undefined) => void;
  },
): { message: MessageRecord; detachedUploads: AttachmentRecord[] } {
  const sender = ctx.db.get('users', message.sender_id) as UserRecord;
  const rendered = renderMessage(ctx, content, { sender });
  checkGroupMentions(ctx, rendered);
  // `@**topic**` needs the topic's participants for the check and the flags: one walk of the topic.
  const topicParticipants =
    message.stream_id === null
      ? undefined
      : topicWildcardParticipants(ctx, rendered, {
          channelId: message.stream_id,
          topic: message.topic,
          senderId: sender.id,
        });
  options.check?.(rendered, topicParticipants);
  const scope: MentionScope = message.stream_id === null ? { kind: 'direct' } : { kind: 'channel', topicParticipants };
  const rows = messageRows(ctx, message.id);
  const mentions = recipientMentionBits(ctx, rendered, [...rows.keys()], scope);
  const changedRows: [number, number][] = [];
  for (const [userId, bits] of rows) {
    const next = (bits & ~MENTION_MASK) | (mentions.get(userId) ?? 0);
    if (next !== bits) changedRows.push([userId, next]);
  }
  setMessageRows(ctx, message.id, changedRows);
  const updated = ctx.db.patch('messages', message.id, {
    content,
    rendered_content: rendered.html,
    is_me_message: rendered.isMeMessage,
    has_link: rendered.hasLink,
    has_image: rendered.hasImage,
    has_attachment: rendered.hasAttachment,
    edit_history: [entry, ...message.edit_history],
  });
  const detachedUploads = relinkMessageUploads(ctx, updated, rendered.uploadPathIds, sender);
  if (options.emitEvent) {
    emitUpdateMessage(ctx, {
      editorId: entry.user_id ?? sender.id,
      timestamp: entry.timestamp,
      target: updated,
      messageIds: [message.id],
      content: { before: message },
    });
  }
  return { message: updated, detachedUploads };
}
