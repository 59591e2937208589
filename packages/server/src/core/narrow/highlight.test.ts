import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../model/records/messages.js';
import { highlightHtml, searchFields } from './highlight.js';
import { htmlTextSegments } from './html-text.js';
import { parseSearch } from './search-query.js';

const hl = (html: string, query: string) => highlightHtml(html, parseSearch(query).stems);

describe('highlightHtml', () => {
  it('wraps each matching word, whatever its case or inflection', () => {
    expect(hl('<p>Deploy the deploys, deployed.</p>', 'deploying')).toBe(
      '<p><span class="highlight">Deploy</span> the <span class="highlight">deploys</span>, <span class="highlight">deployed</span>.</p>',
    );
  });

  it('never highlights inside a tag, an attribute or a character reference', () => {
    expect(hl('<p><a href="https://example.com/code" title="code">see code</a> &amp; amp</p>', 'code amp')).toBe(
      '<p><a href="https://example.com/code" title="code">see <span class="highlight">code</span></a> &amp; <span class="highlight">amp</span></p>',
    );
    expect(hl('<p class="review">x</p>', 'review')).toBe('<p class="review">x</p>');
  });

  it('highlights the words of quoted phrases and leaves stop words alone', () => {
    expect(hl('<p>The code review is done</p>', '"code review" the')).toBe(
      '<p>The <span class="highlight">code</span> <span class="highlight">review</span> is done</p>',
    );
  });

  it('keeps the HTML unchanged without search words', () => {
    expect(hl('<p>a &lt; b</p>', 'the')).toBe('<p>a &lt; b</p>');
  });
});

describe('searchFields', () => {
  const message = {
    rendered_content: '<p>Fix <code>store</code> tests</p>',
    topic: 'Store <tests> & "more"',
  } as MessageRecord;

  it('answers the rendered content and the escaped topic with highlights', () => {
    expect(searchFields(message, parseSearch('store'))).toEqual({
      match_content: '<p>Fix <code><span class="highlight">store</span></code> tests</p>',
      match_subject: '<span class="highlight">Store</span> &lt;tests&gt; &amp; &quot;more&quot;',
    });
  });

  it('answers them plain without a search', () => {
    expect(searchFields(message, null)).toEqual({
      match_content: '<p>Fix <code>store</code> tests</p>',
      match_subject: 'Store &lt;tests&gt; &amp; &quot;more&quot;',
    });
  });
});

describe('htmlTextSegments', () => {
  it('splits HTML into tags, entities and text that join back to the input', () => {
    const html = '<p>a &amp; b &#39;c&#x27; & d <br/>e</p>';
    const segments = htmlTextSegments(html);
    expect(segments.map((s) => s.text).join('')).toBe(html);
    expect(segments.filter((s) => s.kind === 'entity').map((s) => s.text)).toEqual(['&amp;', '&#39;', '&#x27;']);
    expect(segments.filter((s) => s.kind === 'tag').map((s) => s.text)).toEqual(['<p>', '<br/>', '</p>']);
  });
});
