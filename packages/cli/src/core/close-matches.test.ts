import { describe, expect, it } from 'vitest';
import { closeMatches, didYouMean, editDistance } from './close-matches.js';

describe('closeMatches', () => {
  const settings = ['twenty_four_hour_time', 'timezone', 'color_scheme', 'enable_sounds', 'emojiset'];

  it('finds misspellings within a few edits', () => {
    expect(closeMatches('twenty_four_hour_tim', settings)).toEqual(['twenty_four_hour_time']);
    expect(closeMatches('colour_scheme', settings)).toEqual(['color_scheme']);
  });

  it('finds candidates containing the input', () => {
    expect(closeMatches('sounds', settings)).toEqual(['enable_sounds']);
  });

  it('finds nothing for unrelated input', () => {
    expect(closeMatches('qqqqqqqq', settings)).toEqual([]);
    expect(didYouMean('qqqqqqqq', settings)).toBeUndefined();
  });

  it('phrases several matches as one question', () => {
    expect(didYouMean('users.lst', ['users.list', 'users.get', 'users.me'])).toBe('did you mean users.list?');
    expect(didYouMean('users.ge', ['users.get', 'users.me'])).toBe('did you mean users.get or users.me?');
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});
