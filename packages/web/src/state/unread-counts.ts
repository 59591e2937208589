import { computed } from '@preact/signals';
import { current } from './store.js';

/** Unread counts from the register state's `unread_msgs`, kept current by `applyEvent`. */
export const unreadCounts = computed(() => {
  const { unread_msgs: unread, user_id: me } = current();
  const channels = new Map<number, number>();
  const topics = new Map<string, number>();
  for (const entry of unread.streams) {
    const count = entry.unread_message_ids.length;
    channels.set(entry.stream_id, (channels.get(entry.stream_id) ?? 0) + count);
    const key = topicKey(entry.stream_id, entry.topic);
    topics.set(key, (topics.get(key) ?? 0) + count);
  }
  const dms = new Map<string, number>();
  for (const entry of unread.pms) {
    const other = entry.other_user_id ?? entry.sender_id ?? me;
    dms.set(String(other), (dms.get(String(other)) ?? 0) + entry.unread_message_ids.length);
  }
  for (const entry of unread.huddles) {
    const others = entry.user_ids_string
      .split(',')
      .map(Number)
      .filter((id) => id !== me);
    dms.set(others.join(','), entry.unread_message_ids.length);
  }
  let total = 0;
  for (const count of channels.values()) total += count;
  for (const count of dms.values()) total += count;
  return { channels, topics, dms, mentions: unread.mentions.length, total };
});

/** The key of a topic in {@link unreadCounts}: topics compare without case, as on the server. */
export function topicKey(channelId: number, topic: string): string {
  return `${channelId}\u0000${topic.toLowerCase()}`;
}

/** The key of a DM conversation: the other users' IDs, ascending, joined by commas (yourself alone for notes to self). */
export function dmKey(others: readonly number[], me: number): string {
  const rest = others.filter((id) => id !== me).sort((a, b) => a - b);
  return rest.length === 0 ? String(me) : rest.join(',');
}
