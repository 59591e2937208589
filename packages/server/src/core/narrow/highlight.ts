import type { MessageRecord } from '../model/records/messages.js';
import { escapeHtml, htmlTextSegments } from './html-text.js';
import { stemWord, WORD, type SearchQuery } from './search-query.js';

const START = '<span class="highlight">';
const STOP = '</span>';

/**
 * Wraps every word of `html` whose stem is one of `stems` in `<span class="highlight">…</span>`.
 * Only text is touched: never a tag, an attribute or a character reference.
 *
 * @example
 * highlightHtml('<p>Deploys <a href="/deploy">here</a></p>', ['deploi'])
 * // '<p><span class="highlight">Deploys</span> <a href="/deploy">here</a></p>'
 */
export function highlightHtml(html: string, stems: readonly string[]): string {
  if (stems.length === 0) return html;
  const wanted = new Set(stems);
  return htmlTextSegments(html)
    .map((segment) =>
      segment.kind === 'text'
        ? segment.text.replace(WORD, (word) => (wanted.has(stemWord(word)) ? `${START}${word}${STOP}` : word))
        : segment.text,
    )
    .join('');
}

/** What a search hit carries: the content and the topic as HTML, with highlights. */
export type SearchFields = {
  match_content: string;
  match_subject: string;
};

/**
 * `match_content` (the rendered content) and `match_subject` (the HTML-escaped stored topic),
 * highlighted for `query`; without a query, plain.
 *
 * @see https://zulip.com/api/get-messages (search highlighting), https://zulip.com/api/check-messages-match-narrow
 */
export function searchFields(message: MessageRecord, query: SearchQuery | null): SearchFields {
  const stems = query?.stems ?? [];
  return {
    match_content: highlightHtml(message.rendered_content, stems),
    match_subject: highlightHtml(escapeHtml(message.topic), stems),
  };
}
