import { useLayoutEffect, useRef } from 'preact/hooks';
import { sanitizeHtml } from '../util/sanitize-html.js';

/**
 * The server's rendered HTML of a message, inserted as sanitised nodes (never through
 * `innerHTML` of the live page): see `sanitizeHtml`.
 */
export function MessageContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeHtml(html));
  }, [html]);
  return <div class="message-content rendered" ref={ref} />;
}
