import { describe, expect, test } from 'vitest';
import { encodeChannelSlug, encodeHashComponent } from './hash-encoding.js';

describe('encodeHashComponent', () => {
  const rows: [string, string][] = [
    ['Zulip updates', 'Zulip.20updates'],
    ['a.b', 'a.2Eb'],
    ['(x)', '.28x.29'],
    ["it's done!", 'it.27s.20done.21'],
    ['100%', '100.25'],
    ['ü', '.C3.BC'],
    ['a/b?c#d', 'a.2Fb.3Fc.23d'],
    ['~*_-', '~*_-'],
    ['\uD800x', '.EF.BF.BDx'],
  ];
  test.each(rows)('encodes %j', (input, encoded) => {
    expect(encodeHashComponent(input)).toBe(encoded);
  });
});

describe('encodeChannelSlug', () => {
  test('joins the ID and the name with spaces turned into dashes', () => {
    expect(encodeChannelSlug(9, 'team announce')).toBe('9-team-announce');
    expect(encodeChannelSlug(3, 'Q&A (beta)')).toBe('3-Q.26A-.28beta.29');
  });
});
