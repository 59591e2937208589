import { useLayoutEffect, useRef } from 'preact/hooks';
import { sanitizeHtml } from '../util/sanitize-html.js';

/**
 * The server's rendered HTML of a message, inserted as sanitised nodes (never through
 * `innerHTML` of the live page): see `sanitizeHtml`.
 */
export function MessageContent({ html, inline = false }: { html: string; inline?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const nodes = sanitizeHtml(html);
    // One line (a channel's description): the paragraphs' contents only.
    if (inline) for (const p of [...nodes.querySelectorAll('p')]) p.replaceWith(...p.childNodes, ' ');
    ref.current?.replaceChildren(nodes);
  }, [html, inline]);
  return inline ? <span class="rendered-inline" ref={ref} /> : <div class="message-content rendered" ref={ref} />;
}
