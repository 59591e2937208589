import type MarkdownIt from 'markdown-it';
import type { StateCore } from 'markdown-it';
import { linkifyFor, type Linkify, type LinkifyPatterns } from './ascii-linkify.js';
import { replaceInText, linkTokens, type TextReplacement } from './text-tokens.js';

// File extensions the real server leaves out of its top-level-domain list (`readme.md`).
const EXCLUDED_TLDS = new Set(['java', 'md', 'mov', 'py', 'zip']);
// A bare URL starts the text or follows whitespace or one of these.
const BEFORE_URL = /[\s'"(,:<]/u;
// …and is followed by optional punctuation, then whitespace or the end of the text.
const AFTER_URL = /^[!:;?),.'">]*(?:$|\s)/u;
// What every link linkify-it finds holds: a scheme's `:`, a host's `.` or an address's `@`.
const MAY_LINK = /[.:@]/;

function hostOf(raw: string): string {
  const host = raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#:]/)[0] ?? '';
  return host.slice(host.lastIndexOf('@') + 1);
}

/** A bare URL, domain or email address found in text. */
export interface UrlMatch {
  index: number;
  lastIndex: number;
  /** The text as written. */
  raw: string;
  /** linkify-it's URL (`http://` or `mailto:` added to bare domains and addresses). */
  url: string;
  /** The scheme written in the text (`http:`), or '' for a bare domain or address. */
  schema: string;
}

/**
 * URLs in `text` that the real server links: they start the text (when `atStart`) or
 * follow whitespace or one of `' " ( , : <`, are followed by optional punctuation and then
 * whitespace or the end, and bare domains do not end in a file extension the real server
 * excludes (`.md`, `.py`, `.java`, `.mov`, `.zip`).
 */
export function urlMatches(linkify: Linkify, text: string, atStart: boolean): UrlMatch[] {
  if (!MAY_LINK.test(text)) return [];
  const view = linkifyFor(linkify, text);
  if (!view.pretest(text)) return [];
  return (view.match(text) ?? []).filter((match) => {
    const before = text[match.index - 1];
    if (before === undefined ? !atStart : !BEFORE_URL.test(before)) return false;
    if (!AFTER_URL.test(text.slice(match.lastIndex))) return false;
    return match.schema !== '' || !EXCLUDED_TLDS.has(hostOf(match.raw).split('.').pop()?.toLowerCase() ?? '');
  });
}

/**
 * linkify-it's validator of `http:`, `https:` and `ftp:` links, with its expression, run
 * once: linkify-it's own runs it twice (a test, then a match), and this expression, with its
 * Unicode classes, is the costliest step of finding a URL.
 */
function validateHttp(text: string, pos: number, self: Linkify): number {
  const re = self.re as unknown as LinkifyPatterns;
  let http = re['teamchat_http'];
  if (!(http instanceof RegExp)) {
    // Built lazily from the current patterns, as linkify-it does (they change with the TLDs).
    const source = ['src_auth', 'src_host_port_strict', 'src_path'].map((name) => String(re[name])).join('');
    http = new RegExp(`^\\/\\/${source}`, 'i');
    re['teamchat_http'] = http;
  }
  return http.exec(text.slice(pos))?.[0].length ?? 0;
}

/**
 * markdown-it plugin: bare URLs, domains (`example.com`) and email addresses become links,
 * found with markdown-it's linkify-it and filtered by {@link urlMatches}.
 */
export function autolinks(md: MarkdownIt): void {
  // `//host` is no link on the real server (`javascript://foo.com` stays text).
  md.linkify.add('//', null);
  // `https:` and `ftp:` are aliases of `http:`, and follow it.
  md.linkify.add('http:', { validate: validateHttp });
  md.core.ruler.push('autolinks', (state: StateCore) => {
    replaceInText(state, (text, { atStart }) => {
      const found: TextReplacement[] = [];
      for (const match of urlMatches(md.linkify, text, atStart)) {
        const href = md.normalizeLink(match.url);
        if (!md.validateLink(href)) continue;
        found.push({
          start: match.index,
          end: match.lastIndex,
          tokens: linkTokens(state, { href, text: match.raw, markup: 'linkify' }),
        });
      }
      return found;
    });
  });
}
