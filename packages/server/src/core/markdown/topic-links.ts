import type { TopicLink } from '@teamchat/schema';

// Raw URLs in a topic: split on the real server's delimiters, scheme-less ones get https://.
const URL_CANDIDATE = /(?:https?:\/\/|www\.)[^\s!;),'"]+/gi;

/**
 * `topic_links` of a topic: links from the organization's linkifiers and raw URLs, in the
 * order they appear in the topic. (Linkifier matches are added by the markdown module.)
 */
export function rawTopicLinks(topic: string): TopicLink[] {
  const links: TopicLink[] = [];
  for (const match of topic.matchAll(URL_CANDIDATE)) {
    const text = match[0];
    links.push({ text, url: /^https?:\/\//i.test(text) ? text : `https://${text}` });
  }
  return links;
}
