import type { DbStore } from './db.js';
import { FLAG_BITS, type MessageRecord } from './message-record.js';
import { insertSorted, removeSorted } from './sorted-ids.js';

/** The key of a channel's topic in the topic index (topics match case-insensitively). */
export function topicKey(streamId: number, topic: string): string {
  return `${streamId}\u0000${topic.toLowerCase()}`;
}

/**
 * Message lookups answered without scanning: ascending ID lists per channel, per topic,
 * per direct-message conversation (recipient ID) and per user (received messages), and
 * each user's unread and starred IDs.
 */
export class MessageIndex {
  readonly all: number[] = [];
  readonly byChannel = new Map<number, number[]>();
  readonly byTopic = new Map<string, number[]>();
  /** Topic keys of each channel. */
  readonly topicsByChannel = new Map<number, Set<string>>();
  readonly byConversation = new Map<number, number[]>();
  readonly byUser = new Map<number, number[]>();
  readonly unreadByUser = new Map<number, Set<number>>();
  readonly starredByUser = new Map<number, Set<number>>();

  private static list<K>(map: Map<K, number[]>, key: K): number[] {
    let ids = map.get(key);
    if (!ids) {
      ids = [];
      map.set(key, ids);
    }
    return ids;
  }

  private static set<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
    let ids = map.get(key);
    if (!ids) {
      ids = new Set();
      map.set(key, ids);
    }
    return ids;
  }

  private placeAdd(m: MessageRecord): void {
    if (m.stream_id !== null) {
      insertSorted(MessageIndex.list(this.byChannel, m.stream_id), m.id);
      const key = topicKey(m.stream_id, m.topic);
      insertSorted(MessageIndex.list(this.byTopic, key), m.id);
      MessageIndex.set(this.topicsByChannel, m.stream_id).add(key);
    } else {
      insertSorted(MessageIndex.list(this.byConversation, m.recipient_id), m.id);
    }
  }

  private placeRemove(m: MessageRecord): void {
    if (m.stream_id !== null) {
      const ids = this.byChannel.get(m.stream_id);
      if (ids) removeSorted(ids, m.id);
      const key = topicKey(m.stream_id, m.topic);
      const topicIds = this.byTopic.get(key);
      if (topicIds) {
        removeSorted(topicIds, m.id);
        if (topicIds.length === 0) {
          this.byTopic.delete(key);
          this.topicsByChannel.get(m.stream_id)?.delete(key);
        }
      }
    } else {
      const ids = this.byConversation.get(m.recipient_id);
      if (ids) removeSorted(ids, m.id);
    }
  }

  private flagsChanged(m: MessageRecord, previous: MessageRecord | undefined): void {
    const before = previous?.user_flags ?? {};
    const after = m.user_flags;
    if (before === after) return;
    for (const key of Object.keys(before)) {
      if (!(key in after)) this.userRemove(Number(key), m.id);
    }
    for (const [key, bits] of Object.entries(after)) {
      const old = before[key];
      if (old === bits) continue;
      const userId = Number(key);
      if (old === undefined) insertSorted(MessageIndex.list(this.byUser, userId), m.id);
      if (bits & FLAG_BITS.read) this.unreadByUser.get(userId)?.delete(m.id);
      else MessageIndex.set(this.unreadByUser, userId).add(m.id);
      if (bits & FLAG_BITS.starred) MessageIndex.set(this.starredByUser, userId).add(m.id);
      else this.starredByUser.get(userId)?.delete(m.id);
    }
  }

  private userRemove(userId: number, id: number): void {
    const ids = this.byUser.get(userId);
    if (ids) removeSorted(ids, id);
    this.unreadByUser.get(userId)?.delete(id);
    this.starredByUser.get(userId)?.delete(id);
  }

  put(m: MessageRecord, previous: MessageRecord | undefined): void {
    if (!previous) {
      insertSorted(this.all, m.id);
      this.placeAdd(m);
    } else if (previous.stream_id !== m.stream_id || previous.topic !== m.topic || previous.recipient_id !== m.recipient_id) {
      this.placeRemove(previous);
      this.placeAdd(m);
    }
    this.flagsChanged(m, previous);
  }

  delete(m: MessageRecord): void {
    removeSorted(this.all, m.id);
    this.placeRemove(m);
    for (const key of Object.keys(m.user_flags)) this.userRemove(Number(key), m.id);
  }

  /** The newest message ID, or undefined. */
  get maxId(): number | undefined {
    return this.all[this.all.length - 1];
  }
}

/** Builds the message index of `store` and keeps it current. */
export function createMessageIndex(store: DbStore): MessageIndex {
  const index = new MessageIndex();
  store.observe('messages', index);
  return index;
}
