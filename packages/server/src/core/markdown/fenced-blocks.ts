import type MarkdownIt from 'markdown-it';
import type { StateBlock } from 'markdown-it';

/** The real server's fence line: ``` or ~~~ (3 or more), an optional language, an optional header. */
const FENCE = /^(~{3,}|`{3,})[ ]*(?:\{?\.?([a-zA-Z0-9_+\-./#]+)[ ]*([^ ~`][^~`]*)?\}?)?$/;

type FenceKind = 'code' | 'quote' | 'spoiler';

function kindOf(language: string | undefined): FenceKind {
  const lower = language?.toLowerCase();
  if (lower === 'quote' || lower === 'quoted') return 'quote';
  return lower === 'spoiler' ? 'spoiler' : 'code';
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line] ?? 0);
}

/**
 * Finds where a fenced block ends, the real server's way: a line equal to the fence closes
 * it; inside quote and spoiler blocks, fence lines open nested blocks that must close first.
 */
function findEnd(
  state: StateBlock,
  lines: { start: number; end: number },
  opening: { fence: string; kind: FenceKind },
): { contentEnd: number; closed: boolean } {
  const stack = [{ fence: opening.fence, container: opening.kind !== 'code' }];
  let line = lines.start + 1;
  for (; line < lines.end; line += 1) {
    const text = lineText(state, line);
    if (text.length > 0 && (state.sCount[line] ?? 0) < state.blkIndent) break;
    const top = stack[stack.length - 1];
    if (!top) break;
    if (text.trimEnd() === top.fence) {
      stack.pop();
      if (stack.length === 0) return { contentEnd: line, closed: true };
      continue;
    }
    const inner = top.container ? FENCE.exec(text) : null;
    if (inner?.[1] !== undefined) stack.push({ fence: inner[1], container: kindOf(inner[2]) !== 'code' });
  }
  return { contentEnd: line, closed: false };
}

/** Parses lines `[from, to)` as blocks inside the current container. */
function tokenizeInside(state: StateBlock, from: number, to: number): void {
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  state.parentType = 'blockquote';
  state.lineMax = to;
  state.md.block.tokenize(state, from, to);
  state.parentType = oldParent;
  state.lineMax = oldLineMax;
}

function fencedBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  const match = FENCE.exec(lineText(state, startLine));
  const fence = match?.[1];
  if (!match || fence === undefined) return false;
  if (silent) return true;
  const language = match[2]?.toLowerCase();
  const kind = kindOf(language);
  const { contentEnd, closed } = findEnd(state, { start: startLine, end: endLine }, { fence, kind });
  const nextLine = closed ? contentEnd + 1 : contentEnd;
  const hasLines = contentEnd > startLine + 1;
  if (kind === 'code') {
    const token = state.push('fence', 'code', 0);
    token.info = language ?? '';
    token.content = state.getLines(startLine + 1, contentEnd, state.sCount[startLine] ?? 0, true);
    token.markup = fence;
    token.map = [startLine, nextLine];
  } else if (hasLines && kind === 'quote') {
    const open = state.push('blockquote_open', 'blockquote', 1);
    open.markup = fence;
    open.map = [startLine, nextLine];
    tokenizeInside(state, startLine + 1, contentEnd);
    state.push('blockquote_close', 'blockquote', -1).markup = fence;
  } else if (hasLines) {
    state.push('spoiler_open', 'div', 1).map = [startLine, nextLine];
    const header = match[3]?.trim();
    if (header) {
      state.push('paragraph_open', 'p', 1).map = [startLine, startLine + 1];
      const inline = state.push('inline', '', 0);
      inline.content = header;
      inline.map = [startLine, startLine + 1];
      inline.children = [];
      state.push('paragraph_close', 'p', -1);
    }
    state.push('spoiler_content', 'div', 0);
    tokenizeInside(state, startLine + 1, contentEnd);
    state.push('spoiler_close', 'div', -1);
  }
  state.line = nextLine;
  return true;
}

/**
 * markdown-it plugin: the real server's fenced blocks instead of CommonMark's. ```` ```lang ````
 * and `~~~` code blocks close on a line equal to their fence; ```` ```quote ```` blocks are
 * quotes of Markdown, ```` ```spoiler header ```` blocks are spoilers
 * (`<div class="spoiler-block">…`), both nesting further fences.
 */
export function fencedBlocks(md: MarkdownIt): void {
  md.block.ruler.at('fence', fencedBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.spoiler_open = () => '<div class="spoiler-block"><div class="spoiler-header">\n';
  md.renderer.rules.spoiler_content = () => '</div><div class="spoiler-content" aria-hidden="true">\n';
  md.renderer.rules.spoiler_close = () => '</div></div>\n';
}
