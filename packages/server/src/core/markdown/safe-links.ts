import type MarkdownIt from 'markdown-it';
import type { StateCore } from 'markdown-it';
import { envOf } from './markdown-env.js';
import { realmBaseOf } from './realm-base.js';
import { textToken } from './text-tokens.js';

// https://html.spec.whatwg.org/multipage/system-state.html#safelisted-scheme, as the real server lists it.
const ALLOWED_SCHEMES = new Set([
  'http',
  'https',
  'ftp',
  'file',
  'bitcoin',
  'geo',
  'im',
  'irc',
  'ircs',
  'magnet',
  'mailto',
  'matrix',
  'mms',
  'news',
  'nntp',
  'openpgp4fpr',
  'sip',
  'sms',
  'smsto',
  'ssh',
  'tel',
  'urn',
  'webcal',
  'wtai',
  'xmpp',
]);
// Schemes whose URLs keep their `//` when put back together (Python's `uses_netloc`).
const USES_NETLOC = new Set(['', 'ftp', 'http', 'https', 'file', 'mms', 'nntp']);
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/**
 * The commonest link, which splitting and putting back together gives back unchanged: a
 * lowercase `http`, `https` or `ftp` scheme, a host, a path or none, and no space, query or
 * fragment (an empty `?` or `#` would be dropped).
 */
const PLAIN_URL = /^(?:https?|ftp):\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/;

interface UrlParts {
  scheme: string;
  netloc: string;
  path: string;
  query: string;
  fragment: string;
}

/** Python's `urlsplit`, as far as sanitizing needs it. */
function splitUrl(url: string): UrlParts {
  let rest = url;
  let scheme = '';
  const schemeMatch = SCHEME.exec(rest);
  if (schemeMatch?.[1] !== undefined) {
    scheme = schemeMatch[1].toLowerCase();
    rest = rest.slice(schemeMatch[0].length);
  }
  let netloc = '';
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    netloc = end === -1 ? rest.slice(2) : rest.slice(2, end + 2);
    rest = end === -1 ? '' : rest.slice(end + 2);
  }
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  let query = '';
  const question = rest.indexOf('?');
  if (question !== -1) {
    query = rest.slice(question + 1);
    rest = rest.slice(0, question);
  }
  return { scheme, netloc, path: rest, query, fragment };
}

/** Python's `urlunsplit`. */
function joinUrl({ scheme, netloc, path, query, fragment }: UrlParts): string {
  let url = path;
  if (netloc !== '' || (scheme !== '' && USES_NETLOC.has(scheme) && !url.startsWith('//'))) {
    if (url !== '' && !url.startsWith('/')) url = `/${url}`;
    url = `//${netloc}${url}`;
  }
  if (scheme !== '') url = `${scheme}:${url}`;
  if (query !== '') url += `?${query}`;
  if (fragment !== '') url += `#${fragment}`;
  return url;
}

/**
 * The real server's link sanitizer: relative paths and fragments stay, a bare address gets
 * `mailto:`, anything else without a scheme gets `http://`, and only safe schemes survive
 * (`javascript:` and friends give null, and the text stays plain).
 *
 * @example sanitizeUrl('example.com') // 'http://example.com'
 */
export function sanitizeUrl(url: string): string | null {
  return PLAIN_URL.test(url) ? url : sanitizeSplitUrl(url);
}

/**
 * {@link sanitizeUrl} the long way, for any URL: split as Python's `urlsplit` does, checked and
 * put back together.
 */
export function sanitizeSplitUrl(url: string): string | null {
  const parts = splitUrl(url.replaceAll(' ', '%20'));
  const { netloc, path, query, fragment } = parts;
  let { scheme } = parts;
  if (scheme === '' && netloc === '' && path.includes('@')) {
    scheme = 'mailto';
  } else if (scheme === '' && netloc === '' && path.startsWith('/')) {
    return joinUrl({ scheme: '', netloc: '', path, query, fragment });
  } else if (scheme === '' && netloc === '' && path === '' && query === '' && fragment !== '') {
    return joinUrl({ scheme: '', netloc: '', path: '', query: '', fragment });
  }
  if (scheme === '') return sanitizeSplitUrl(`http://${url}`);
  if (!ALLOWED_SCHEMES.has(scheme)) return null;
  return joinUrl({ scheme, netloc, path, query, fragment });
}

/**
 * Links into the organization's own narrows and uploads become relative (`#narrow/…`,
 * `user_uploads/…`), so clients open them in place.
 */
export function relativeLocalLink(href: string, realmUrl: string | undefined): string {
  if (realmUrl === undefined) return href;
  const { base, narrows, uploads } = realmBaseOf(realmUrl);
  if (href.startsWith(narrows) || href.startsWith(uploads)) return href.slice(base.length);
  return href;
}

function finishLinks(state: StateCore): void {
  const { realmUrl } = envOf(state);
  for (const block of state.tokens) {
    const children = block.children;
    if (block.type !== 'inline' || !children) continue;
    for (let i = 0; i < children.length; i += 1) {
      const open = children[i];
      if (open?.type !== 'link_open') continue;
      const href = relativeLocalLink(open.attrGet('href') ?? '', realmUrl);
      open.attrSet('href', href);
      // An empty or blank link text shows the address, as on the real server.
      const next = children[i + 1];
      if (next?.type === 'link_close') {
        children.splice(i + 1, 0, textToken(state, href));
      } else if (next?.type === 'text' && next.content.trim() === '' && children[i + 2]?.type === 'link_close') {
        next.content = href;
      }
    }
  }
}

/**
 * markdown-it plugin: links go through {@link sanitizeUrl} (unsafe ones stay text), keep
 * their text as typed, and links into the organization become relative.
 */
export function safeLinks(md: MarkdownIt): void {
  md.normalizeLink = (url) => sanitizeUrl(url) ?? '';
  md.validateLink = (url) => url !== '';
  md.normalizeLinkText = (text) => text;
  md.core.ruler.push('finish_links', finishLinks);
}
