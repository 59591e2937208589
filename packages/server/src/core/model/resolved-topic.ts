/** The prefix of resolved topics: a check mark and a space, as the real server writes it. */
export const RESOLVED_TOPIC_PREFIX = '✔ ';

/** Whether `topic` is marked resolved. */
export function isResolvedTopic(topic: string): boolean {
  return topic.startsWith(RESOLVED_TOPIC_PREFIX);
}

/** `topic` without its resolved prefix. */
export function unresolvedTopic(topic: string): string {
  return isResolvedTopic(topic) ? topic.slice(RESOLVED_TOPIC_PREFIX.length) : topic;
}

/** Whether a topic change only resolves or unresolves the topic (it is then not a move). */
export function isResolveChange(from: string, to: string): boolean {
  return from !== to && unresolvedTopic(from) === unresolvedTopic(to);
}
