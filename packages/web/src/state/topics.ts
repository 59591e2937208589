import { signal } from '@preact/signals';
import { client } from '../api/client.js';

/** The topics of the channels opened in the left sidebar, newest first (GET /users/me/{channel}/topics). */
export const topicsByChannel = signal<ReadonlyMap<number, readonly { name: string; max_id: number }[]>>(new Map());
const requested = new Set<number>();

/** Fetches a channel's topics once (events keep them current afterwards). */
export function loadTopics(channelId: number): void {
  if (requested.has(channelId)) return;
  requested.add(channelId);
  client.channels
    .listTopics({ stream_id: channelId })
    .then((answer) => {
      const topics = (answer as unknown as { topics: { name: string; max_id: number }[] }).topics;
      topicsByChannel.value = new Map(topicsByChannel.value).set(
        channelId,
        [...topics].sort((a, b) => b.max_id - a.max_id),
      );
    })
    .catch(() => requested.delete(channelId));
}

/** A new message in a channel moves its topic first. */
export function noteTopicMessage(channelId: number, topic: string, id: number): void {
  const topics = topicsByChannel.value.get(channelId);
  if (!topics) return;
  const rest = topics.filter((t) => t.name.toLowerCase() !== topic.toLowerCase());
  topicsByChannel.value = new Map(topicsByChannel.value).set(channelId, [{ name: topic, max_id: id }, ...rest]);
}

/** Forgets the fetched topics (after the event queue was lost). */
export function forgetTopics(): void {
  requested.clear();
  topicsByChannel.value = new Map();
}
