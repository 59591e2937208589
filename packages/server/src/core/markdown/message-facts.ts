import type MarkdownIt from 'markdown-it';
import type { StateCore } from 'markdown-it';
import type { GroupMentionMeta } from './group-mentions.js';
import { envOf, type MessageFacts } from './markdown-env.js';
import { parseHref, realmBaseOf } from './realm-base.js';
import type { UserMentionMeta } from './user-mentions.js';

// The real server previews at most this many URLs per message (and none above it).
const PREVIEW_LIMIT = 24;
const IMAGE_EXTENSIONS = ['.bmp', '.gif', '.jpe', '.jpeg', '.jpg', '.png', '.webp'];
const UPLOADS = '/user_uploads/';
/**
 * What a link must contain for its parsed URL to matter: an upload's path or an image's
 * extension. Parsing keeps the letters of a path (it only drops tabs and newlines, and
 * resolves dot segments and backslashes between whole segments), so a link without either is
 * neither, and is not parsed (parsing is costly).
 */
const MAY_MATTER = /user_uploads|\.(?:bmp|gif|jpe|jpg|png|webp)/i;
const TABS_AND_NEWLINES = /[\t\n\r]/g;

/** Empty facts, to pass as `env.facts`. */
export function emptyFacts(): MessageFacts {
  return {
    userIds: new Set(),
    groupIds: new Set(),
    deniedGroupIds: new Set(),
    streamWildcard: false,
    topicWildcard: false,
    hasLink: false,
    hasImage: false,
    uploadPathIds: [],
  };
}

function recordLinks(facts: MessageFacts, links: { href: string; quoted: boolean }[], realmUrl: string): void {
  facts.hasLink = links.length > 0;
  if (links.length === 0) return;
  const { base, host: realmHost } = realmBaseOf(realmUrl);
  // The base itself may give a relative link an upload's path.
  const parseAll = MAY_MATTER.test(base);
  // Each distinct link that may matter is parsed once, for both questions.
  const parsed = new Map<string, URL | undefined>();
  for (const { href } of links) {
    if (parsed.has(href) || !(parseAll || MAY_MATTER.test(href.replace(TABS_AND_NEWLINES, '')))) continue;
    parsed.set(href, parseHref(href, base));
  }
  // No link is an upload or an image (most messages): nothing more to find out.
  if (parsed.size === 0) return;
  for (const url of parsed.values()) {
    if (url !== undefined && url.host === realmHost && url.pathname.startsWith(UPLOADS))
      facts.uploadPathIds.push(url.pathname.slice(UPLOADS.length));
  }
  // Links inside quotes get no preview; images among the others would get an inline preview.
  const previewable = new Set(links.filter((link) => !link.quoted).map((link) => link.href));
  facts.hasImage =
    previewable.size <= PREVIEW_LIMIT &&
    [...previewable].some((href) => {
      const path = parsed.get(href)?.pathname.toLowerCase() ?? '';
      return IMAGE_EXTENSIONS.some((extension) => path.endsWith(extension));
    });
}

function collectFacts(state: StateCore): void {
  const { facts, realmUrl } = envOf(state);
  if (!facts) return;
  const links: { href: string; quoted: boolean }[] = [];
  let quoteDepth = 0;
  for (const block of state.tokens) {
    if (block.type === 'blockquote_open') quoteDepth += 1;
    if (block.type === 'blockquote_close') quoteDepth -= 1;
    for (const token of block.children ?? []) {
      if (token.type === 'link_open') links.push({ href: token.attrGet('href') ?? '', quoted: quoteDepth > 0 });
      if (token.type !== 'user_mention' && token.type !== 'group_mention') continue;
      const meta = token.meta as UserMentionMeta | GroupMentionMeta;
      // Quoting someone never notifies the people they mentioned.
      if (quoteDepth > 0) meta.silent = true;
      if (meta.silent) continue;
      if ('groupId' in meta) {
        if (meta.mayMention) {
          facts.groupIds.add(meta.groupId);
        } else {
          facts.deniedGroupIds.add(meta.groupId);
          meta.silent = true;
        }
      } else if (meta.kind === 'user' && meta.userId !== undefined) {
        facts.userIds.add(meta.userId);
      } else if (meta.kind === 'stream_wildcard') {
        facts.streamWildcard = true;
      } else if (meta.kind === 'topic_wildcard') {
        facts.topicWildcard = true;
      }
    }
  }
  recordLinks(facts, links, realmUrl ?? 'http://localhost');
}

/**
 * markdown-it plugin: fills `env.facts` after parsing. Mentions inside quotes become silent
 * (as the real server rewrites them); non-silent mentions are collected (users, groups the
 * sender may mention, wildcards), and the links give `hasLink`, `hasImage` (an image URL
 * the real server would preview) and the uploads linked to.
 */
export function messageFacts(md: MarkdownIt): void {
  md.core.ruler.push('message_facts', collectFacts);
}
