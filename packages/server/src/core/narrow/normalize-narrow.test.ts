import { ApiError } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { normalizeNarrow } from './normalize-narrow.js';

describe('normalizeNarrow', () => {
  it('turns both element forms into objects with negated filled in', () => {
    expect(
      normalizeNarrow([
        ['stream', 'general'],
        { operator: 'sender', operand: 4, negated: true },
        { operator: 'dm', operand: [1, 2] },
      ]),
    ).toEqual([
      { operator: 'stream', operand: 'general', negated: false },
      { operator: 'sender', operand: 4, negated: true },
      { operator: 'dm', operand: [1, 2], negated: false },
    ]);
  });

  it('accepts IDs only where the real server does', () => {
    for (const operator of ['channel', 'stream', 'id', 'sender', 'group-pm-with', 'dm-including', 'with']) {
      expect(normalizeNarrow([{ operator, operand: 7 }])[0]?.operand).toBe(7);
    }
    expect(() => normalizeNarrow([{ operator: 'pm_with', operand: [1] }])).toThrow(
      new ApiError('BAD_REQUEST', 'operand is not a string'),
    );
    expect(() => normalizeNarrow([{ operator: 'is', operand: 1 }])).toThrow('operand is not a string');
    expect(() => normalizeNarrow([{ operator: 'channel', operand: [1] }])).toThrow(
      'operand is not a string or integer',
    );
    expect(() => normalizeNarrow([{ operator: 'pm-with', operand: 3 }])).toThrow(
      'operand is not a string or an integer list',
    );
    expect(() => normalizeNarrow([['search', '']])).toThrow('operand cannot be blank.');
  });
});
