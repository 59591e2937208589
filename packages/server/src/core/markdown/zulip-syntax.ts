import type MarkdownIt from 'markdown-it';
import type { StateCore, StateInline, Token } from 'markdown-it';
import { escapeText } from './zulip-html.js';

const BACKTICK = 0x60;
const UNDERSCORE = 0x5f;

/**
 * Inline code as on the real server: a run of backticks up to the next run of the same
 * length on the same line; the contents keep their spaces (`` ` a ` `` → `<code> a </code>`).
 */
function inlineCode(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  const src = state.src;
  if (src.charCodeAt(start) !== BACKTICK) return false;
  let pos = start;
  while (pos < state.posMax && src.charCodeAt(pos) === BACKTICK) pos += 1;
  const marker = src.slice(start, pos);
  let search = pos;
  while (search < state.posMax) {
    const runStart = src.indexOf('`', search);
    const lineEnd = src.indexOf('\n', pos);
    if (runStart === -1 || runStart >= state.posMax || (lineEnd !== -1 && lineEnd < runStart)) break;
    let runEnd = runStart;
    while (runEnd < state.posMax && src.charCodeAt(runEnd) === BACKTICK) runEnd += 1;
    if (runEnd - runStart === marker.length && runStart > pos) {
      if (!silent) {
        const token = state.push('code_inline', 'code', 0);
        token.markup = marker;
        token.content = src.slice(pos, runStart);
      }
      state.pos = runEnd;
      return true;
    }
    search = runEnd;
  }
  if (!silent) state.pending += marker;
  state.pos = pos;
  return true;
}

/** Underscores are plain text on the real server (`_foo_` and `__foo__` stay as typed). */
function underscoreText(state: StateInline, silent: boolean): boolean {
  let pos = state.pos;
  if (state.src.charCodeAt(pos) !== UNDERSCORE) return false;
  while (pos < state.posMax && state.src.charCodeAt(pos) === UNDERSCORE) pos += 1;
  if (!silent) state.pending += state.src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}

/** The next token at or after `from` that is not empty text (emphasis leaves such tokens). */
function nextToken(children: Token[], from: number): number {
  let i = from;
  while (children[i]?.type === 'text' && children[i]?.content === '') i += 1;
  return i;
}

function closingIndex(children: Token[], from: number, type: string, level: number): number {
  for (let i = from; i < children.length; i += 1) {
    const token = children[i];
    if (token?.type === type && token.level === level) return i;
  }
  return -1;
}

/** Turns `<em><strong>x</strong></em>` (CommonMark's `***x***`) into the real server's `<strong><em>x</em></strong>`. */
function strongOutside(children: Token[], i: number): void {
  const outer = children[i];
  const innerIndex = nextToken(children, i + 1);
  const inner = children[innerIndex];
  if (outer?.type !== 'em_open' || inner?.type !== 'strong_open') return;
  const innerClose = closingIndex(children, innerIndex + 1, 'strong_close', inner.level);
  const outerClose = children[nextToken(children, innerClose + 1)];
  const innerCloseToken = children[innerClose];
  if (innerClose === -1 || !innerCloseToken || outerClose?.type !== 'em_close' || outerClose.level !== outer.level)
    return;
  for (const [em, strong] of [
    [outer, inner],
    [outerClose, innerCloseToken],
  ] as const) {
    [em.type, strong.type] = [strong.type, em.type];
    [em.tag, strong.tag] = [strong.tag, em.tag];
    [em.markup, strong.markup] = [strong.markup, em.markup];
  }
}

/** Markup details of the real server: `<del>`, `***x***` as strong around em, table alignment style. */
function zulipMarkup(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type === 'th_open' || block.type === 'td_open') {
      const style = block.attrGet('style');
      const align = style ? /^text-align:(\w+)$/.exec(style)?.[1] : undefined;
      if (align !== undefined) block.attrSet('style', `text-align: ${align};`);
    }
    const children = block.children;
    if (block.type !== 'inline' || !children) continue;
    for (let i = 0; i < children.length; i += 1) {
      const token = children[i] as Token;
      if (token.type === 's_open' || token.type === 's_close') token.tag = 'del';
      strongOutside(children, i);
    }
  }
}

/**
 * markdown-it plugin: the syntax differences of the real server's Markdown dialect. No
 * setext headings, reference links, images, `<…>` autolinks or backslash escapes; no
 * underscore emphasis; inline code keeps its spaces; text escapes only `&`, `<`, `>`.
 *
 * @see https://zulip.com/api/message-formatting
 */
export function zulipSyntax(md: MarkdownIt): void {
  md.block.ruler.disable(['lheading', 'reference', 'html_block']);
  md.inline.ruler.disable(['image', 'autolink', 'escape', 'linkify', 'html_inline']);
  md.core.ruler.disable(['linkify']);
  md.inline.ruler.at('backticks', inlineCode);
  md.inline.ruler.before('emphasis', 'underscore_text', underscoreText);
  md.core.ruler.push('zulip_markup', zulipMarkup);
  md.renderer.rules.text = (tokens, idx) => escapeText(tokens[idx]?.content ?? '');
  md.renderer.rules.code_inline = (tokens, idx) => `<code>${escapeText(tokens[idx]?.content ?? '')}</code>`;
}
