import type { StateCore, Token } from 'markdown-it';

/** Where a text token stands in its element. */
export interface TextContext {
  /**
   * True when the text starts its element (paragraph, heading, cell…) or follows a line
   * break: the real server's `^` and whitespace lookbehinds accept such a position. After
   * other markup (`**`, a code span, a link) they do not.
   */
  atStart: boolean;
}

/** One piece of a text token to turn into markup. */
export interface TextReplacement {
  start: number;
  end: number;
  tokens: Token[];
}

/**
 * Runs `find` over every text token outside links (in document order) and splices in the
 * tokens it returns. Core rules that turn text into markup (autolinks, linkifiers, emoji)
 * share it, which keeps link text atomic as on the real server.
 */
export function replaceInText(state: StateCore, find: (text: string, context: TextContext) => TextReplacement[]): void {
  for (const block of state.tokens) {
    const tokens = block.children;
    if (block.type !== 'inline' || !tokens) continue;
    // The new list of children, made at the first replacement (most texts have none).
    let children: Token[] | null = null;
    let linkDepth = 0;
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i] as Token;
      if (token.type === 'link_open') linkDepth += 1;
      if (token.type === 'link_close') linkDepth -= 1;
      if (token.type !== 'text' || linkDepth > 0 || token.content === '') {
        children?.push(token);
        continue;
      }
      const previous = children ? children[children.length - 1] : tokens[i - 1];
      const atStart = previous === undefined || previous.type === 'softbreak' || previous.type === 'hardbreak';
      const replacements = find(token.content, { atStart });
      if (replacements.length === 0) {
        children?.push(token);
        continue;
      }
      children ??= tokens.slice(0, i);
      let last = 0;
      for (const replacement of replacements) {
        if (replacement.start > last) children.push(textToken(state, token.content.slice(last, replacement.start)));
        children.push(...replacement.tokens);
        last = replacement.end;
      }
      if (last < token.content.length) children.push(textToken(state, token.content.slice(last)));
    }
    if (children) block.children = children;
  }
}

/** A new text token. */
export function textToken(state: StateCore, content: string): Token {
  const token = new state.Token('text', '', 0);
  token.content = content;
  return token;
}

/** `link_open`, text, `link_close` tokens of a link to `href`; `markup` tells which rule made it. */
export function linkTokens(state: StateCore, link: { href: string; text: string; markup: string }): Token[] {
  const open = new state.Token('link_open', 'a', 1);
  open.attrs = [['href', link.href]];
  open.markup = link.markup;
  const close = new state.Token('link_close', 'a', -1);
  close.markup = link.markup;
  return [open, textToken(state, link.text), close];
}
