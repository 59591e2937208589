import type { EditHistoryEntry } from '@teamchat/schema';
import { activeSubscriberIds, isSubscribed } from '../model/channel-access.js';
import type { UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { appendTo } from '../internal/append-to.js';
import { deletedFrom, emitDeleteMessageEvents, refreshFirstMessageIds } from './delete-messages.js';
import { canReadChannelHistory } from '../model/channel-history.js';
import { messageUserIds, setMessageRows } from '../model/message-flags.js';
import { emitMessageEvent } from './message-events.js';
import { FLAG_BITS, type MessageRecord } from '../model/records/messages.js';
import { notificationBot, silentMention } from './notification-bot.js';
import { postChannelMessage } from './post-message.js';
import { isResolvedTopic } from '../model/resolved-topic.js';
import { emitUpdateMessage } from './update-message-events.js';

/** A move of messages to another topic and/or channel. */
export interface Move {
  from: ChannelRecord;
  to: ChannelRecord;
  fromTopic: string;
  toTopic: string;
  messages: MessageRecord[];
  mode: 'change_one' | 'change_later' | 'change_all';
  /** Only resolves or unresolves the topic. */
  resolve: boolean;
}

/**
 * Moves the messages: new channel/topic and an edit-history entry each (merged with the
 * content entry on the edited message). On a channel change, users who could no longer
 * read a message lose their row (and get `delete_message`); subscribers of the new channel
 * without one get a row, marked read (and a `message` event); everyone else who had the
 * messages gets `update_message`.
 */
export function applyMove(
  ctx: UserContext<'hooks' | 'jobs'>,
  move: Move,
  options: {
    editor: UserRecord;
    timestamp: number;
    target: number;
    contentEntry: EditHistoryEntry | null;
    contentEdited: boolean;
  },
): void {
  const channelChanged = move.from.id !== move.to.id;
  const topicChanged = move.fromTopic !== move.toTopic;
  const moveFields: Partial<EditHistoryEntry> = {};
  if (topicChanged) Object.assign(moveFields, { prev_topic: move.fromTopic, topic: move.toTopic });
  if (channelChanged) Object.assign(moveFields, { prev_stream: move.from.id, stream: move.to.id });
  const losers = new Map<number, number[]>();
  const gainers = new Map<number, number[]>();
  const keepers = new Set<number>();
  const subscribers = channelChanged ? activeSubscriberIds(ctx, move.to.id) : [];
  let target: MessageRecord | undefined;
  for (const original of move.messages) {
    const current = ctx.db.get('messages', original.id) as MessageRecord;
    const isTarget = current.id === options.target;
    const history =
      isTarget && options.contentEdited
        ? [{ ...(current.edit_history[0] as EditHistoryEntry), ...moveFields }, ...current.edit_history.slice(1)]
        : [{ user_id: options.editor.id, timestamp: options.timestamp, ...moveFields }, ...current.edit_history];
    const holders = messageUserIds(ctx, current.id);
    const rowChanges: [number, number][] = [];
    const kept = new Set(holders);
    if (channelChanged) {
      for (const userId of holders) {
        const user = ctx.db.get('users', userId);
        // Whoever keeps access at the destination keeps the row (history readable without one).
        if (user && (isSubscribed(ctx, user, move.to) || canReadChannelHistory(ctx, user, move.to))) continue;
        rowChanges.push([userId, -1]);
        kept.delete(userId);
        appendTo(losers, userId, current.id);
      }
      for (const userId of subscribers) {
        if (kept.has(userId)) continue;
        rowChanges.push([userId, FLAG_BITS.read]);
        appendTo(gainers, userId, current.id);
      }
    }
    for (const userId of kept) if (!gainers.has(userId)) keepers.add(userId);
    setMessageRows(ctx, current.id, rowChanges);
    const moved = ctx.db.patch('messages', current.id, {
      stream_id: move.to.id,
      recipient_id: move.to.recipient_id,
      topic: move.toTopic,
      edit_history: history,
    });
    if (isTarget) target = moved;
  }
  const ids = move.messages.map((m) => m.id);
  const before = move.messages.find((m) => m.id === options.target);
  emitUpdateMessage(ctx, {
    editorId: options.editor.id,
    timestamp: options.timestamp,
    target: target ?? (ctx.db.get('messages', ids[0] as number) as MessageRecord),
    messageIds: ids,
    ...(options.contentEdited && before ? { content: { before } } : {}),
    move: {
      fromStreamId: move.from.id,
      toStreamId: move.to.id,
      fromTopic: move.fromTopic,
      toTopic: move.toTopic,
      mode: move.mode,
    },
    audience: keepers,
  });
  for (const [userId, lost] of losers) {
    emitDeleteMessageEvents(
      ctx,
      [userId],
      lost,
      deletedFrom({ ...(move.messages[0] as MessageRecord), stream_id: move.from.id, topic: move.fromTopic }),
    );
  }
  for (const [userId, gained] of gainers) {
    for (const id of gained) emitMessageEvent(ctx, ctx.db.get('messages', id) as MessageRecord, { only: [userId] });
  }
  if (channelChanged) refreshFirstMessageIds(ctx, [move.from.id, move.to.id]);
}

function topicMention(channel: ChannelRecord, topic: string): string {
  return `#**${channel.name}>${topic}**`;
}

/**
 * The Notification Bot's notices of a move, in the old and/or the new thread as requested;
 * resolving or unresolving a topic gets its own notice in the topic.
 */
export function postMoveNotices(
  ctx: UserContext<'hooks' | 'jobs'>,
  move: Move,
  options: { editor: UserRecord; toOld: boolean; toNew: boolean },
): void {
  const bot = notificationBot(ctx);
  const editor = silentMention(options.editor);
  const post = (channel: ChannelRecord, topic: string, content: string) =>
    postChannelMessage(ctx, ctx.db.get('channels', channel.id) as ChannelRecord, topic, {
      sender: bot,
      content,
      client: 'Internal',
      readBySender: true,
    });
  if (move.resolve && move.from.id === move.to.id) {
    if (options.toNew)
      post(
        move.to,
        move.toTopic,
        `${editor} has marked this topic as ${isResolvedTopic(move.toTopic) ? 'resolved' : 'unresolved'}.`,
      );
    return;
  }
  const count = move.messages.length;
  const wholeTopic = move.mode === 'change_all';
  const what = wholeTopic ? 'This topic was' : count === 1 ? 'A message was' : `${count} messages were`;
  if (options.toOld) {
    post(
      move.from,
      move.fromTopic,
      `${what} moved ${wholeTopic ? '' : 'from this topic '}to ${topicMention(move.to, move.toTopic)} by ${editor}.`,
    );
  }
  if (options.toNew) {
    post(move.to, move.toTopic, `${what} moved here from ${topicMention(move.from, move.fromTopic)} by ${editor}.`);
  }
}
