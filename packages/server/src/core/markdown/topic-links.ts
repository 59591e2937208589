import type { TopicLink } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import { urlMatches } from './autolinks.js';
import { createBaseMarkdown } from './base-markdown.js';
import { linkifierMatches, type CompiledLinkifier } from './compile-linkifier.js';
import { realmLinkifiers } from './realm-linkifiers.js';

// The real server cuts topics at these characters before looking for raw URLs.
const LINK_SPLITTER = /[ !;),'"]/g;
const HAS_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// Topic links are computed for every message shown; most topics repeat.
const CACHE_LIMIT = 1000;

const linkify = createBaseMarkdown().linkify;
const caches = new WeakMap<readonly CompiledLinkifier[], Map<string, TopicLink[]>>();

interface Candidate {
  url: string;
  text: string;
  index: number;
}

function overlapping(a: Candidate, b: Candidate): boolean {
  return (
    (b.index <= a.index && a.index < b.index + b.text.length) ||
    (a.index <= b.index && b.index < a.index + a.text.length)
  );
}

/** Raw URLs of the topic: the first URL of each piece between splitter characters. */
function rawUrls(topic: string): Candidate[] {
  const candidates: Candidate[] = [];
  let pos = 0;
  while (pos < topic.length) {
    LINK_SPLITTER.lastIndex = pos;
    const end = LINK_SPLITTER.exec(topic)?.index ?? topic.length;
    const match = urlMatches(linkify, topic.slice(pos, end), true)[0];
    if (match)
      candidates.push({
        url: HAS_SCHEME.test(match.raw) ? match.raw : `https://${match.raw}`,
        text: match.raw,
        index: pos,
      });
    pos = end + 1;
  }
  return candidates;
}

function computeTopicLinks(linkifiers: readonly CompiledLinkifier[], topic: string): TopicLink[] {
  // Linkifiers in precedence order, each left to right; then raw URLs, lowest precedence.
  const candidates: Candidate[] = linkifiers.flatMap((linkifier) =>
    linkifierMatches(linkifier, topic).map((match) => ({ url: match.url, text: match.text, index: match.matchStart })),
  );
  candidates.push(...rawUrls(topic));
  const applied: Candidate[] = [];
  for (const candidate of candidates) {
    if (applied.every((kept) => !overlapping(kept, candidate))) applied.push(candidate);
  }
  return applied.sort((a, b) => a.index - b.index).map(({ url, text }) => ({ url, text }));
}

/**
 * The `topic_links` of a topic, by the real server's algorithm: matches of each linkifier
 * in processing order (earlier ones take precedence), then raw URLs (`https://` added when
 * the scheme is missing); a candidate overlapping an accepted one is dropped; the rest in
 * order of position. No HTML escaping (clients escape). Cached per topic until the
 * linkifiers change.
 *
 * @example topicLinks(ctx, 'fix #123 see zulip.com') // [{ url: 'https://…/issues/123', text: '#123' }, { url: 'https://zulip.com', text: 'zulip.com' }]
 * @see https://zulip.com/api/message-formatting
 */
export function topicLinks(ctx: Pick<Context, 'db'>, topic: string): TopicLink[] {
  const linkifiers = realmLinkifiers(ctx);
  let cache = caches.get(linkifiers);
  if (!cache) {
    cache = new Map();
    caches.set(linkifiers, cache);
  }
  let links = cache.get(topic);
  if (!links) {
    links = computeTopicLinks(linkifiers, topic);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(topic, links);
  }
  return links.map((link) => ({ ...link }));
}
