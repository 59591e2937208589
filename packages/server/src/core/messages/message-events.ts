import type { Message } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { emit } from '../events/emit.js';
import type { EventQueue } from '../runtime/event-queue.js';
import { isGuest } from '../model/roles.js';
import { canSeeRealEmail } from '../model/email-visibility.js';
import { formatMessage } from './format-message.js';
import { messageRows } from '../model/message-flags.js';
import { flagNames, type MessageRecord } from '../model/records/messages.js';
import { queueWantsMessage } from './queue-narrow.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'config' | 'events'>;

/**
 * A message as one queue's client wants it (markdown, avatars, empty topics). Only the
 * sender's `avatar_url` depends on the viewer (whether they may see the sender's real
 * address), so at most eight shapes are formatted per message, whatever the audience.
 */
export function messageForQueue(
  ctx: Ctx,
  message: MessageRecord,
  viewer: UserRecord,
  queue: EventQueue,
  cache: Map<string, Message>,
): Message {
  const sender = ctx.db.get('users', message.sender_id) as UserRecord;
  const key = `${String(canSeeRealEmail(viewer, sender))}|${String(queue.options.applyMarkdown)}|${String(queue.options.clientGravatar)}|${String(queue.has('empty_topic_name'))}`;
  let formatted = cache.get(key);
  if (!formatted) {
    formatted = formatMessage(ctx, message, viewer, {
      applyMarkdown: queue.options.applyMarkdown,
      clientExtavatar: queue.options.clientGravatar,
      allowEmptyTopicName: queue.has('empty_topic_name'),
      includeFlags: false,
    });
    cache.set(key, formatted);
  }
  return formatted;
}

/** Options of {@link emitMessageEvent}. */
export interface MessageEventOptions {
  /** The sender's queue that asked for a local echo, and the echo's ID. */
  localEcho?: { queueId: string; localId: string } | undefined;
  /** Only these users (users who newly gain the message after a move). */
  only?: readonly number[];
  /** The message's rows (user ID → bits) when the caller has them: just stored, say. */
  rows?: ReadonlyMap<number, number>;
}

/**
 * Emits `message` events: to every user with a row on the message (with their flags), and to
 * queues registered with `all_public_streams` for public channel messages. A queue registered
 * with a narrow gets only the messages its narrow matches.
 */
export function emitMessageEvent(ctx: Ctx, message: MessageRecord, options: MessageEventOptions = {}): void {
  if (!ctx.events.listening) return;
  const cache = new Map<string, Message>();
  const rows = options.rows ?? messageRows(ctx, message.id);
  const targets = options.only ?? rows.keys();
  for (const userId of targets) {
    const viewer = ctx.db.get('users', userId);
    const bits = rows.get(userId);
    if (!viewer || bits === undefined) continue;
    emit(ctx, [userId], (queue) => {
      if (!queueWantsMessage(queue, message, bits)) return null;
      const event: Record<string, unknown> & { type: string } = {
        type: 'message',
        message: messageForQueue(ctx, message, viewer, queue, cache),
        flags: flagNames(bits),
      };
      if (options.localEcho && queue.id === options.localEcho.queueId)
        event['local_message_id'] = options.localEcho.localId;
      return event;
    });
  }
  const channel = message.stream_id === null ? undefined : ctx.db.get('channels', message.stream_id);
  if (options.only || !channel || channel.invite_only) return;
  // Queues that asked for every public channel's messages, of users who did not receive this one.
  const others = new Set(
    ctx.events.find((queue) => queue.options.allPublicStreams && !rows.has(queue.userId)).map((queue) => queue.userId),
  );
  for (const userId of others) {
    const viewer = ctx.db.get('users', userId);
    if (!viewer?.is_active || isGuest(viewer)) continue;
    emit(ctx, [userId], (queue) =>
      queue.options.allPublicStreams && queueWantsMessage(queue, message, undefined)
        ? { type: 'message', message: messageForQueue(ctx, message, viewer, queue, cache), flags: [] }
        : null,
    );
  }
}
