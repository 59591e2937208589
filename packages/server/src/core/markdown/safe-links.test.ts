import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { relativeLocalLink, sanitizeSplitUrl, sanitizeUrl } from './safe-links.js';

const PIECES = [
  'http',
  'https',
  'HTTP',
  'ftp',
  'javascript',
  'mailto',
  ':',
  '//',
  '/',
  'example.com',
  'a.b',
  'user@',
  '@',
  ':8080',
  'path',
  '?',
  'q=1',
  '&',
  '#',
  'frag',
  ' ',
  '\t',
  '%20',
  '.',
  '..',
  'x',
];

describe('sanitizeUrl', () => {
  test('gives what splitting and putting back together gives, for any URL', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }), (pieces) => {
        const url = pieces.join('');
        expect(sanitizeUrl(url)).toBe(sanitizeSplitUrl(url));
      }),
      { numRuns: 4000 },
    );
  });

  test('keeps a plain link, and drops an empty query or fragment as the real server does', () => {
    expect(sanitizeUrl('https://example.com/posts/7')).toBe('https://example.com/posts/7');
    expect(sanitizeUrl('https://example.com/?')).toBe('https://example.com/');
    expect(sanitizeUrl('HTTPS://example.com#')).toBe('https://example.com');
    expect(sanitizeUrl('example.com/a b')).toBe('http://example.com/a%20b');
    expect(sanitizeUrl('javascript://example.com/%0Aalert(1)')).toBeNull();
  });
});

describe('relativeLocalLink', () => {
  test('makes links to narrows and uploads of the organization relative, for each organization URL', () => {
    expect(relativeLocalLink('https://chat.example.com/#narrow/channel/1', 'https://chat.example.com')).toBe(
      '#narrow/channel/1',
    );
    expect(relativeLocalLink('https://other.example/#narrow/channel/1', 'https://other.example/')).toBe(
      '#narrow/channel/1',
    );
    expect(relativeLocalLink('https://chat.example.com/user_uploads/2/ab/f.png', 'https://other.example')).toBe(
      'https://chat.example.com/user_uploads/2/ab/f.png',
    );
    expect(relativeLocalLink('https://chat.example.com/help', 'https://chat.example.com')).toBe(
      'https://chat.example.com/help',
    );
  });
});
