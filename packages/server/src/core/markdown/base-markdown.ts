import MarkdownIt from 'markdown-it';
import { autolinks } from './autolinks.js';
import { codeBlocks } from './code-blocks.js';
import { emoji } from './emoji.js';
import { fencedBlocks } from './fenced-blocks.js';
import { safeLinks } from './safe-links.js';
import { zulipSyntax } from './zulip-syntax.js';

/**
 * A markdown-it instance speaking the real server's Markdown dialect without anything that
 * needs the organization's data: paragraphs, soft line breaks as `<br>`, `*emphasis*`,
 * `**strong**`, `~~strike~~`, links and bare URLs, lists, quotes, headings, tables, code
 * blocks in the `codehilite` wrapper, fenced quotes and spoilers, emoji. No raw HTML.
 *
 * Message rendering adds mentions, channel links and linkifiers on top.
 */
export function createBaseMarkdown(): MarkdownIt {
  // markdown-it's own linkify rules stay off: the autolinks plugin links URLs the real server's way.
  return (
    new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false })
      .use(zulipSyntax)
      .use(fencedBlocks)
      .use(codeBlocks)
      .use(autolinks)
      .use(emoji)
      // Last: link checks and rewriting see every link made by the rules above.
      .use(safeLinks)
  );
}
