import type { StateBlock } from '../events/state-block.js';
import type { UserContext } from '../runtime/context.js';
import { participantsOf } from '../model/direct-message-groups.js';
import { FLAG_BITS, type MessageRecord } from '../model/records/messages.js';
import { TopicVisibility } from '../narrow/topic-visibility.js';
import { messageFlags, receivedIds, starredIds, unreadIds } from '../model/message-flags.js';

/** The real server's limits of the unread and starred lists of POST /register. */
const MAX_UNREAD_MESSAGES = 50_000;
const MAX_STARRED_MESSAGES = 10_000;
/** Direct messages looked at for `recent_private_conversations`. */
const RECENT_CONVERSATIONS_MESSAGES = 1000;

/** The newest message the user received, or -1 (`max_message_id`). */
export function maxMessageIdOf(ctx: UserContext): number {
  const ids = receivedIds(ctx, ctx.user.id);
  return ids[ids.length - 1] ?? -1;
}

/** The `message` block: `max_message_id` (deprecated, used to pick `local_id` values). */
export const maxMessageIdState: StateBlock = {
  eventTypes: ['message'],
  fetch: (ctx) => ({ max_message_id: maxMessageIdOf(ctx) }),
};

function sortedIds(ids: Iterable<number>): number[] {
  return [...ids].sort((a, b) => a - b);
}

/**
 * `unread_msgs` of POST /register, the real server's way: the newest 50 000 unread messages
 * of the user (channels they left excluded), grouped by channel topic, 1:1 conversation
 * (`other_user_id`, the user themself for a self-conversation) and group conversation
 * (`user_ids_string` with the user); `count` leaves out muted channels and topics; `mentions`
 * are personal mentions and wildcard mentions outside muted conversations.
 */
export function unreadMessages(ctx: UserContext, allowEmptyTopicName: boolean): Record<string, unknown> {
  const me = ctx.user.id;
  const unread = unreadIds(ctx, me);
  const subscribed = ctx.indexes.subscriptionsByUser.get(me);
  const visibility = TopicVisibility.of(ctx, ctx.user);
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  let total = 0;
  const rows: MessageRecord[] = [];
  for (let i = unread.length - 1; i >= 0 && rows.length < MAX_UNREAD_MESSAGES; i -= 1) {
    const message = ctx.db.get('messages', unread[i] as number);
    if (!message) continue;
    if (message.stream_id !== null && !subscribed?.has(message.stream_id)) continue;
    rows.push(message);
  }
  total = rows.length;
  rows.reverse();
  for (const message of rows) {
    const bits = messageFlags(ctx, message.id, me) ?? 0;
    let muted = false;
    if (message.stream_id !== null) {
      muted = visibility.isMuted(message);
      const topic = message.topic === '' && !allowEmptyTopicName ? ctx.realm.empty_topic_display_name : message.topic;
      const key = `${message.stream_id}\u0000${topic.toLowerCase()}`;
      let bucket = streams.get(key);
      if (!bucket) {
        bucket = { stream_id: message.stream_id, topic, unread_message_ids: [] };
        streams.set(key, bucket);
      }
      bucket.unread_message_ids.push(message.id);
    } else {
      const users = participantsOf(ctx, message);
      if (users.length <= 2) {
        const other = users.find((id) => id !== me) ?? me;
        pms.set(other, [...(pms.get(other) ?? []), message.id]);
      } else {
        const key = sortedIds(users).join(',');
        huddles.set(key, [...(huddles.get(key) ?? []), message.id]);
      }
    }
    if (!muted) count += 1;
    if (bits & FLAG_BITS.mentioned) mentions.push(message.id);
    else if (bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned) && !muted)
      mentions.push(message.id);
  }
  return {
    pms: [...pms.entries()]
      .sort(([a], [b]) => a - b)
      .map(([other, ids]) => ({ other_user_id: other, sender_id: other, unread_message_ids: ids })),
    streams: [...streams.values()].sort(
      (a, b) =>
        a.stream_id - b.stream_id ||
        (a.topic.toLowerCase() < b.topic.toLowerCase() ? -1 : a.topic.toLowerCase() > b.topic.toLowerCase() ? 1 : 0),
    ),
    huddles: [...huddles.keys()]
      .sort()
      .map((key) => ({ user_ids_string: key, unread_message_ids: huddles.get(key) ?? [] })),
    mentions,
    count,
    old_unreads_missing: total === MAX_UNREAD_MESSAGES,
  };
}

/** The `unread_msgs` block: needs both `message` and `update_message_flags`, as on the real server. */
export const unreadMessagesState: StateBlock = {
  eventTypes: ['message', 'update_message_flags'],
  selected: (want) => want('message') && want('update_message_flags'),
  fetch: (ctx, _params, capabilities) => ({
    unread_msgs: unreadMessages(ctx, capabilities['empty_topic_name'] === true),
  }),
};

/** The `starred_messages` block: IDs of the user's starred messages, ascending. */
export const starredMessagesState: StateBlock = {
  eventTypes: ['starred_messages'],
  fetch: (ctx) => ({ starred_messages: [...starredIds(ctx, ctx.user.id).subarray(0, MAX_STARRED_MESSAGES)] }),
};

/**
 * The `recent_private_conversations` block: the user's direct-message conversations among
 * their newest 1000 direct messages, newest first, with the other participants' IDs.
 */
export const recentPrivateConversationsState: StateBlock = {
  eventTypes: ['recent_private_conversations'],
  fetch(ctx) {
    const me = ctx.user.id;
    const ids = receivedIds(ctx, me);
    const conversations = new Map<string, { max_message_id: number; user_ids: number[] }>();
    let seen = 0;
    for (let i = ids.length - 1; i >= 0 && seen < RECENT_CONVERSATIONS_MESSAGES; i -= 1) {
      const message = ctx.db.get('messages', ids[i] as number);
      if (!message || message.type !== 'private') continue;
      seen += 1;
      const others = sortedIds(participantsOf(ctx, message).filter((id) => id !== me));
      const key = others.join(',');
      if (!conversations.has(key)) conversations.set(key, { max_message_id: message.id, user_ids: others });
    }
    return { recent_private_conversations: [...conversations.values()] };
  },
};
