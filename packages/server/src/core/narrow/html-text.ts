/** A piece of HTML: a tag, a character reference, or plain text between them. */
export interface HtmlSegment {
  kind: 'tag' | 'entity' | 'text';
  text: string;
}

const ENTITY = /&(?:#\d+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/y;

/**
 * Splits HTML into tags, character references and text, in order; joining the pieces gives
 * the input back. Search highlighting only ever wraps words inside `text` pieces, so a
 * highlight never lands inside a tag or breaks an entity.
 */
export function htmlTextSegments(html: string): HtmlSegment[] {
  const segments: HtmlSegment[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') segments.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < html.length) {
    const char = html[i];
    if (char === '<') {
      const end = html.indexOf('>', i);
      if (end >= 0) {
        flush();
        segments.push({ kind: 'tag', text: html.slice(i, end + 1) });
        i = end + 1;
        continue;
      }
    } else if (char === '&') {
      ENTITY.lastIndex = i;
      const entity = ENTITY.exec(html);
      if (entity) {
        flush();
        segments.push({ kind: 'entity', text: entity[0] });
        i += entity[0].length;
        continue;
      }
    }
    text += char;
    i += 1;
  }
  flush();
  return segments;
}

/** Escapes text for HTML the way Django's `escape` does (`& < > " '`). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] as string,
  );
}
