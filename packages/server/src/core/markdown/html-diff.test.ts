import { describe, expect, it } from 'vitest';
import { highlightHtmlDifferences } from './html-diff.js';

describe('highlightHtmlDifferences', () => {
  it('marks a replaced word as deleted then inserted, inside the new tags', () => {
    expect(highlightHtmlDifferences('<p>Hello world</p>', '<p>Howdy world</p>')).toBe(
      '<div><p><span class="highlight_text_deleted">Hello </span><span class="highlight_text_inserted">Howdy </span>world</p></div>',
    );
  });

  it('keeps unchanged text and markup as they are', () => {
    expect(highlightHtmlDifferences('<p>a <strong>b</strong></p>', '<p>a <strong>b</strong></p>')).toBe(
      '<div><p>a <strong>b</strong></p></div>',
    );
  });

  it('shows text removed at the end after the last text', () => {
    expect(highlightHtmlDifferences('<p>one two</p>', '<p>one </p>')).toBe(
      '<div><p>one <span class="highlight_text_deleted">two</span></p></div>',
    );
  });
});
