import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { linkifyFor } from './ascii-linkify.js';
import { createBaseMarkdown } from './base-markdown.js';
import { urlMatches } from './autolinks.js';

/** Pieces of text around URLs: schemes, hosts, ports, paths, punctuation linkify-it weighs, and spaces. */
const PIECES = [
  'http://',
  'https://',
  'ftp://',
  'mailto:',
  '//',
  'www.',
  'example',
  'xn--p1ai',
  'github',
  '.com',
  '.org',
  '.io',
  '.md',
  '.py',
  '.zip',
  '.co.uk',
  '.',
  '..',
  '...',
  '@',
  'user:pw@',
  ':8080',
  ':99999',
  ':',
  '192.168.0.1',
  '1',
  'a',
  'Z',
  '_',
  '-',
  '--',
  '---',
  '/',
  '?',
  '#',
  '&',
  '=',
  '%20',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  ',',
  ';',
  '!',
  '!!',
  '<',
  '>',
  '|',
  '~',
  '*',
  '`',
  '\\',
  ' ',
  '  ',
  '\t',
  '\n',
  '\x7f',
  '\x01',
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((pieces) => pieces.join(''));

function matches(linkify: ReturnType<typeof createBaseMarkdown>['linkify'], input: string) {
  return { pretest: linkify.pretest(input), test: linkify.test(input), match: linkify.match(input) };
}

describe('the ASCII view of linkify-it', () => {
  test('finds what linkify-it finds in any ASCII text, with patterns of its own', () => {
    const { linkify } = createBaseMarkdown();
    const view = linkifyFor(linkify, 'ascii');
    expect(view).not.toBe(linkify);
    expect(String(view.re.link_fuzzy).length).toBeLessThan(String(linkify.re.link_fuzzy).length / 4);
    fc.assert(
      fc.property(text, (input) => {
        // The full patterns first, then the view's: each keeps its own match state.
        const full = matches(linkify, input);
        expect(matches(view, input)).toEqual(full);
        expect(matches(linkify, input)).toEqual(full);
      }),
      { numRuns: 4000 },
    );
  });

  test('finds nothing in text without a `:`, `.` or `@` (which urlMatches does not search)', () => {
    const { linkify } = createBaseMarkdown();
    const withoutThem = fc
      .array(fc.constantFrom(...PIECES, 'é', '。', '＠', '：'), { maxLength: 14 })
      .map((pieces) => pieces.join('').replace(/[.:@]/g, ''));
    fc.assert(
      fc.property(withoutThem, (input) => {
        expect(linkify.pretest(input) && linkify.match(input)).toBeFalsy();
      }),
      { numRuns: 4000 },
    );
  });

  test('is not used for text beyond ASCII', () => {
    const { linkify } = createBaseMarkdown();
    expect(linkifyFor(linkify, 'see https://example.com/é')).toBe(linkify);
    expect(urlMatches(linkify, 'voir https://exemple.fr/été', true).map((match) => match.raw)).toEqual([
      'https://exemple.fr/été',
    ]);
  });

  test('gives bare domains, addresses and links the real server makes', () => {
    const { linkify } = createBaseMarkdown();
    expect(
      urlMatches(linkify, 'mail a@example.com or see example.org/x, http://b.io:80/p?q=1#f.', true).map((m) => m.url),
    ).toEqual(['mailto:a@example.com', 'http://example.org/x', 'http://b.io:80/p?q=1#f']);
  });
});
