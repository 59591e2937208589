import type { RowObserver } from '../../store/user-messages.js';
import type { DbStore } from './db.js';
import { FLAG_BITS, type MessageRecord } from './records/messages.js';
import { SortedIds } from './sorted-ids.js';

/** The key of a channel's topic in the topic index (topics match case-insensitively). */
export function topicKey(streamId: number, topic: string): string {
  return `${streamId}\u0000${topic.toLowerCase()}`;
}

const NONE = new Int32Array(0);

function listOf<K>(map: Map<K, SortedIds>, key: K): SortedIds {
  let ids = map.get(key);
  if (!ids) {
    ids = new SortedIds();
    map.set(key, ids);
  }
  return ids;
}

/**
 * Message lookups answered without scanning: ascending ID lists (typed arrays) per channel,
 * per topic, per direct-message conversation (recipient ID) and of every message, and each
 * user's unread and starred IDs, kept in step with the messages and the per-user rows (whose
 * own ID list is each user's received messages: see `receivedIds`).
 */
export class MessageIndex implements RowObserver {
  private readonly every = new SortedIds();
  private readonly byChannel = new Map<number, SortedIds>();
  private readonly byTopic = new Map<string, SortedIds>();
  /** Topic keys of each channel. */
  private readonly topicsByChannel = new Map<number, Set<string>>();
  private readonly byConversation = new Map<number, SortedIds>();
  private readonly unreadByUser = new Map<number, SortedIds>();
  private readonly starredByUser = new Map<number, SortedIds>();
  /** Per topic key: user ID → how many of the topic's messages they sent or reacted to (one per reaction). */
  private readonly participantsByTopic = new Map<string, Map<number, number>>();

  /** The key of the last {@link keyOf} (messages come in runs of one topic: start-up, a conversation). */
  private lastStreamId = -1;
  private lastTopic = '';
  private lastKey = topicKey(-1, '');

  /**
   * Per channel: each topic as stored (its string kept once by the store, its hash computed
   * once) → its {@link topicKey}. Without it each message made its key again: a lower-cased
   * copy, a concatenation, and a hash of the new string for each map it was looked up in.
   */
  private readonly keysByChannel = new Map<number, Map<string, string>>();

  /** {@link topicKey}, the last one reused, and each one kept per channel and topic. */
  private keyOf(streamId: number, topic: string): string {
    if (streamId !== this.lastStreamId || topic !== this.lastTopic) {
      let keys = this.keysByChannel.get(streamId);
      if (!keys) {
        keys = new Map();
        this.keysByChannel.set(streamId, keys);
      }
      let key = keys.get(topic);
      if (key === undefined) {
        key = topicKey(streamId, topic);
        keys.set(topic, key);
      }
      this.lastKey = key;
      this.lastStreamId = streamId;
      this.lastTopic = topic;
    }
    return this.lastKey;
  }

  /** Every message ID, ascending. */
  all(): Int32Array {
    return this.every.view();
  }

  /** The IDs of a channel's messages, ascending. */
  channel(channelId: number): Int32Array {
    return this.byChannel.get(channelId)?.view() ?? NONE;
  }

  /** The IDs of a topic's messages (matched case-insensitively), ascending. */
  topic(channelId: number, topic: string): Int32Array {
    return this.byTopic.get(topicKey(channelId, topic))?.view() ?? NONE;
  }

  /** The topics of a channel: for each, its message IDs (ascending; never empty). */
  *topics(channelId: number): Generator<Int32Array> {
    for (const key of this.topicsByChannel.get(channelId) ?? []) {
      const ids = this.byTopic.get(key);
      if (ids && ids.size > 0) yield ids.view();
    }
  }

  /**
   * The users who sent a message of a topic (matched case-insensitively) or reacted to one:
   * its participants, for `@**topic**`.
   */
  topicParticipants(channelId: number, topic: string): IterableIterator<number> {
    return (this.participantsByTopic.get(topicKey(channelId, topic)) ?? new Map<number, number>()).keys();
  }

  /** The IDs of a direct-message conversation's messages (by recipient ID), ascending. */
  conversation(recipientId: number): Int32Array {
    return this.byConversation.get(recipientId)?.view() ?? NONE;
  }

  /** The message IDs `userId` has unread, ascending. */
  unread(userId: number): Int32Array {
    return this.unreadByUser.get(userId)?.view() ?? NONE;
  }

  /** The message IDs `userId` starred, ascending. */
  starred(userId: number): Int32Array {
    return this.starredByUser.get(userId)?.view() ?? NONE;
  }

  /** Gives back the room the lists keep for more IDs (once built at start-up: see {@link SortedIds.trim}). */
  trim(): void {
    this.every.trim();
    for (const lists of [this.byChannel, this.byTopic, this.byConversation, this.unreadByUser, this.starredByUser])
      for (const ids of lists.values()) ids.trim();
  }

  /** The newest message ID, or undefined. */
  get maxId(): number | undefined {
    return this.every.last;
  }

  private placeAdd(m: MessageRecord): void {
    if (m.stream_id !== null) {
      listOf(this.byChannel, m.stream_id).add(m.id);
      this.topicAdd(m);
    } else {
      listOf(this.byConversation, m.recipient_id).add(m.id);
    }
  }

  private placeRemove(m: MessageRecord): void {
    if (m.stream_id !== null) {
      this.byChannel.get(m.stream_id)?.delete(m.id);
      this.topicRemove(m);
    } else {
      this.byConversation.get(m.recipient_id)?.delete(m.id);
    }
  }

  /** Adds a channel message to its topic's list. */
  private topicAdd(m: MessageRecord): void {
    if (m.stream_id === null) return;
    const key = this.keyOf(m.stream_id, m.topic);
    let ids = this.byTopic.get(key);
    if (!ids) {
      // A new topic of the channel (its key leaves the channel's set with its last message).
      ids = new SortedIds();
      this.byTopic.set(key, ids);
      let keys = this.topicsByChannel.get(m.stream_id);
      if (!keys) {
        keys = new Set();
        this.topicsByChannel.set(m.stream_id, keys);
      }
      keys.add(key);
    }
    ids.add(m.id);
  }

  /** Removes a channel message from its topic's list (and the topic, once empty). */
  private topicRemove(m: MessageRecord): void {
    if (m.stream_id === null) return;
    const key = this.keyOf(m.stream_id, m.topic);
    const topicIds = this.byTopic.get(key);
    if (!topicIds) return;
    topicIds.delete(m.id);
    if (topicIds.size === 0) {
      this.byTopic.delete(key);
      this.topicsByChannel.get(m.stream_id)?.delete(key);
      this.keysByChannel.get(m.stream_id)?.delete(m.topic);
    }
  }

  /** Counts (`by` 1) or uncounts (-1) the sender and reactions of a channel message among its topic's participants. */
  private participate(m: MessageRecord, by: 1 | -1): void {
    if (m.stream_id === null) return;
    const key = this.keyOf(m.stream_id, m.topic);
    let counts = this.participantsByTopic.get(key);
    if (!counts) {
      counts = new Map();
      this.participantsByTopic.set(key, counts);
    }
    countIn(counts, m.sender_id, by);
    for (const reaction of m.reactions) countIn(counts, reaction.user_id, by);
    if (counts.size === 0) this.participantsByTopic.delete(key);
  }

  put(m: MessageRecord, previous: MessageRecord | undefined): void {
    if (!previous) {
      this.every.add(m.id);
      this.placeAdd(m);
    } else if (previous.stream_id !== m.stream_id || previous.recipient_id !== m.recipient_id) {
      this.placeRemove(previous);
      this.placeAdd(m);
    } else if (previous.topic !== m.topic) {
      // A topic renamed within its channel: the channel's list stays as it is (a move of a
      // topic of k messages in a channel of n would otherwise shift the channel's list 2k times).
      this.topicRemove(previous);
      this.topicAdd(m);
    }
    // Participation changes with the topic, the sender or the reactions (not with an edit of the content).
    if (
      !previous ||
      previous.stream_id !== m.stream_id ||
      previous.topic !== m.topic ||
      previous.sender_id !== m.sender_id ||
      previous.reactions !== m.reactions
    ) {
      if (previous) this.participate(previous, -1);
      this.participate(m, 1);
    }
  }

  delete(m: MessageRecord): void {
    this.every.delete(m.id);
    this.placeRemove(m);
    this.participate(m, -1);
  }

  rowsChanged(userId: number, ids: ArrayLike<number>, before: ArrayLike<number>, after: ArrayLike<number>): void {
    if (ids.length === 1) {
      this.rowChanged(userId, ids[0] as number, before[0] as number, after[0] as number);
      return;
    }
    const unread = listOf(this.unreadByUser, userId);
    const starred = listOf(this.starredByUser, userId);
    // IDs above the last one held are appended at once (new messages, start-up: the lists grow
    // once, to their size); the others are merged in one pass at the end.
    if (ids.length > 1) {
      let unreadMore = 0;
      let starredMore = 0;
      for (let i = 0; i < ids.length; i += 1) {
        const old = before[i] as number;
        const bits = after[i] as number;
        if (bits < 0 || old === bits) continue;
        if ((bits & FLAG_BITS.read) === 0 && (old < 0 || (old & FLAG_BITS.read) !== 0)) unreadMore += 1;
        if ((bits & FLAG_BITS.starred) !== 0 && (old < 0 || (old & FLAG_BITS.starred) === 0)) starredMore += 1;
      }
      unread.reserve(unreadMore);
      starred.reserve(starredMore);
    }
    const unreadAdd: number[] = [];
    const unreadRemove: number[] = [];
    const starredAdd: number[] = [];
    const starredRemove: number[] = [];
    for (let i = 0; i < ids.length; i += 1) {
      const old = before[i] as number;
      const bits = after[i] as number;
      if (old === bits) continue;
      const id = ids[i] as number;
      const wasUnread = old >= 0 && (old & FLAG_BITS.read) === 0;
      const isUnread = bits >= 0 && (bits & FLAG_BITS.read) === 0;
      if (isUnread && !wasUnread) {
        if (unreadAdd.length === 0 && (unread.last ?? 0) < id) unread.push(id);
        else unreadAdd.push(id);
      } else if (wasUnread && !isUnread) {
        unreadRemove.push(id);
      }
      const wasStarred = old >= 0 && (old & FLAG_BITS.starred) !== 0;
      const isStarred = bits >= 0 && (bits & FLAG_BITS.starred) !== 0;
      if (isStarred && !wasStarred) {
        if (starredAdd.length === 0 && (starred.last ?? 0) < id) starred.push(id);
        else starredAdd.push(id);
      } else if (wasStarred && !isStarred) {
        starredRemove.push(id);
      }
    }
    unread.removeMany(unreadRemove);
    unread.addMany(unreadAdd);
    starred.removeMany(starredRemove);
    starred.addMany(starredAdd);
  }

  /**
   * {@link rowsChanged} for one row (a message sent: one call per recipient), without the
   * batch's arrays: the unread or starred list gains or loses `id`.
   */
  private rowChanged(userId: number, id: number, old: number, bits: number): void {
    if (old === bits) return;
    const wasUnread = old >= 0 && (old & FLAG_BITS.read) === 0;
    const isUnread = bits >= 0 && (bits & FLAG_BITS.read) === 0;
    if (isUnread !== wasUnread) {
      const unread = listOf(this.unreadByUser, userId);
      if (!isUnread) unread.delete(id);
      else if ((unread.last ?? 0) < id) unread.push(id);
      else unread.add(id);
    }
    const wasStarred = old >= 0 && (old & FLAG_BITS.starred) !== 0;
    const isStarred = bits >= 0 && (bits & FLAG_BITS.starred) !== 0;
    if (isStarred !== wasStarred) {
      const starred = listOf(this.starredByUser, userId);
      if (!isStarred) starred.delete(id);
      else if ((starred.last ?? 0) < id) starred.push(id);
      else starred.add(id);
    }
  }
}

/** Adds `by` to the count of `userId` in `counts`, removing it at zero. */
function countIn(counts: Map<number, number>, userId: number, by: number): void {
  const next = (counts.get(userId) ?? 0) + by;
  if (next > 0) counts.set(userId, next);
  else counts.delete(userId);
}

/** Builds the message index of `store` and keeps it current. */
export function createMessageIndex(store: DbStore): MessageIndex {
  const index = new MessageIndex();
  store.observe('messages', index);
  store.userMessages.observe(index);
  index.trim();
  return index;
}
