import { describe, expect, test } from 'vitest';
import { renderMarkdown } from './render-markdown.js';

describe('renderMarkdown', () => {
  const rows: [string, string, string][] = [
    ['strong text', 'Builds and **code review**.', '<p>Builds and <strong>code review</strong>.</p>'],
    ['links without target or title', 'See https://x.org', '<p>See <a href="https://x.org">https://x.org</a></p>'],
    [
      'emoji',
      'Hi :wave:',
      '<p>Hi <span aria-label="wave" class="emoji emoji-1f44b" role="img" title="wave">:wave:</span></p>',
    ],
    [
      "code blocks in the real server's wrapper",
      '```py\nx\n```',
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code>x\n</code></pre></div>',
    ],
    ['no mentions', '@**Someone**', '<p>@<strong>Someone</strong></p>'],
    ['no channel links', '#**general**', '<p>#<strong>general</strong></p>'],
    ['no raw HTML', '<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
    ['nothing for nothing', '', ''],
  ];
  test.each(rows)('renders %s', (_name, input, html) => {
    expect(renderMarkdown(input).html).toBe(html);
  });
});
