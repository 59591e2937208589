import type MarkdownIt from 'markdown-it';
import { linkifierMatches } from './compile-linkifier.js';
import { envOf } from './markdown-env.js';
import { sanitizeUrl } from './safe-links.js';
import { linkTokens, replaceInText, type TextReplacement } from './text-tokens.js';

/**
 * markdown-it plugin: the organization's linkifiers (`env.linkifiers`, in processing
 * order). Each one in turn links its matches in the text left over by bare URLs and
 * earlier linkifiers, so earlier linkifiers win on overlap; a match links
 * `<a href="{expanded template}">{matched text}</a>` unless the URL is unsafe.
 *
 * @see https://zulip.com/api/message-formatting
 */
export function linkifiers(md: MarkdownIt): void {
  md.core.ruler.before('emoji', 'linkifiers', (state) => {
    for (const linkifier of envOf(state).linkifiers ?? []) {
      replaceInText(state, (text, { atStart }) => {
        const found: TextReplacement[] = [];
        for (const match of linkifierMatches(linkifier, text, atStart)) {
          const href = sanitizeUrl(match.url);
          if (href === null) continue;
          found.push({
            start: match.index,
            end: match.index + match.text.length,
            tokens: linkTokens(state, { href, text: match.text, markup: 'linkifier' }),
          });
        }
        return found;
      });
    }
  });
}
