import type MarkdownIt from 'markdown-it';
import { codeLanguageName } from './code-languages.js';
import { escapeCode, escapeAttribute } from './zulip-html.js';

/**
 * The real server's code block: `<div class="codehilite" data-code-language="Python"><pre>
 * <span></span><code>…</code></pre></div>`. Trailing whitespace of each line and blank
 * lines around the code go; an empty block renders nothing. No syntax highlighting spans
 * (the real server adds Pygments token spans inside `<code>`).
 *
 * @see https://zulip.com/api/message-formatting
 */
export function codeBlockHtml(content: string, language: string | undefined): string {
  const lines = content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) return '';
  const code = lines
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
  const attribute = language ? ` data-code-language="${escapeAttribute(codeLanguageName(language))}"` : '';
  return `<div class="codehilite"${attribute}><pre><span></span><code>${escapeCode(code)}\n</code></pre></div>\n`;
}

/** markdown-it plugin: fenced and indented code blocks render as {@link codeBlockHtml}. */
export function codeBlocks(md: MarkdownIt): void {
  md.renderer.rules.fence = (tokens, idx) => {
    const token = tokens[idx];
    return token ? codeBlockHtml(token.content, token.info === '' ? undefined : token.info) : '';
  };
  md.renderer.rules.code_block = (tokens, idx) => codeBlockHtml(tokens[idx]?.content ?? '', undefined);
}
