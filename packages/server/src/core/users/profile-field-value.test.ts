import { describe, expect, it } from 'vitest';
import type { Context } from '../runtime/context.js';
import type { CustomProfileFieldRecord } from '../model/records/realm.js';
import type { UserRecord } from '../model/records/users.js';
import { checkProfileFieldValue, isIsoDate, isLinkUrl } from './profile-field-value.js';

function field(
  type: CustomProfileFieldRecord['type'],
  extra: Partial<CustomProfileFieldRecord> = {},
): CustomProfileFieldRecord {
  return {
    id: 1,
    name: 'Field',
    hint: '',
    type,
    order: 1,
    field_data: '',
    display_in_profile_summary: false,
    required: false,
    editable_by_user: true,
    ...extra,
  };
}

const users: Record<number, Pick<UserRecord, 'id' | 'is_active' | 'is_bot'>> = {
  10: { id: 10, is_active: true, is_bot: false },
  11: { id: 11, is_active: false, is_bot: false },
  12: { id: 12, is_active: true, is_bot: true },
};
const ctx = { db: { get: (_c: string, id: number) => users[id] } } as unknown as Pick<Context, 'db'>;

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as { msg: string }).msg;
  }
  throw new Error('expected an error');
}

describe('checkProfileFieldValue', () => {
  it('accepts short text up to 50 characters and names the field when it is longer', () => {
    expect(checkProfileFieldValue(ctx, field(1), 'x'.repeat(50))).toBe('x'.repeat(50));
    expect(messageOf(() => checkProfileFieldValue(ctx, field(1, { name: 'Phone' }), 'x'.repeat(51)))).toBe(
      'Phone is too long (limit: 50 characters)',
    );
    expect(messageOf(() => checkProfileFieldValue(ctx, field(8, { name: 'Pronouns' }), [1]))).toBe(
      'Pronouns is not a string',
    );
  });

  it('accepts long text up to 500 characters', () => {
    expect(checkProfileFieldValue(ctx, field(2), 'y'.repeat(500))).toHaveLength(500);
    expect(messageOf(() => checkProfileFieldValue(ctx, field(2, { name: 'Bio' }), 'y'.repeat(501)))).toBe(
      'Bio is too long (limit: 500 characters)',
    );
  });

  it('accepts only a key of the options of a list field', () => {
    const editor = field(3, { name: 'Editor', field_data: JSON.stringify({ '0': { text: 'Vim', order: '1' } }) });
    expect(checkProfileFieldValue(ctx, editor, '0')).toBe('0');
    expect(messageOf(() => checkProfileFieldValue(ctx, editor, 'Vim'))).toBe(
      "'Vim' is not a valid choice for 'Editor'.",
    );
  });

  it('accepts zero-padded calendar dates only', () => {
    expect(checkProfileFieldValue(ctx, field(4), '2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-2-9', '29.02.2024', '2024-13-01']) {
      expect(messageOf(() => checkProfileFieldValue(ctx, field(4, { name: 'Birthday' }), bad))).toBe(
        'Birthday is not a date',
      );
    }
  });

  it('accepts http(s) and ftp(s) links with a real host', () => {
    expect(checkProfileFieldValue(ctx, field(5), 'https://example.com/me')).toBe('https://example.com/me');
    for (const bad of ['example.com', 'javascript:alert(1)', 'https://exa mple.com', 'https://nohost']) {
      expect(messageOf(() => checkProfileFieldValue(ctx, field(5, { name: 'Website' }), bad))).toBe(
        'Website is not a URL',
      );
    }
  });

  it('stores person picker values as the JSON text of active human user IDs', () => {
    expect(checkProfileFieldValue(ctx, field(6), [10])).toBe('[10]');
    expect(messageOf(() => checkProfileFieldValue(ctx, field(6), '[10]'))).toBe('User IDs is not a list');
    expect(messageOf(() => checkProfileFieldValue(ctx, field(6), [99]))).toBe('Invalid user ID: 99');
    expect(messageOf(() => checkProfileFieldValue(ctx, field(6), [11]))).toBe('User with ID 11 is deactivated');
    expect(messageOf(() => checkProfileFieldValue(ctx, field(6), [12]))).toBe('User with ID 12 is a bot');
  });
});

describe('isIsoDate and isLinkUrl', () => {
  it('tell dates and links apart from look-alikes', () => {
    expect(isIsoDate('1999-12-31')).toBe(true);
    expect(isIsoDate('1999-12-32')).toBe(false);
    expect(isLinkUrl('ftp://files.example.org')).toBe(true);
    expect(isLinkUrl('http://localhost:8080/x')).toBe(true);
    expect(isLinkUrl('mailto:someone@example.com')).toBe(false);
  });
});
