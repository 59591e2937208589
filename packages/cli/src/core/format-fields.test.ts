import { describe, expect, it } from 'vitest';
import { formatFields } from './format-fields.js';

describe('formatFields', () => {
  it('prints scalars as aligned key: value lines', () => {
    expect(formatFields({ id: 7, name: 'design', is_web_public: false, folder_id: null })).toBe(
      'id:            7\nname:          design\nis_web_public: false\nfolder_id:     null\n',
    );
  });

  it('quotes empty and multi-line strings and keeps lists of scalars inline', () => {
    expect(formatFields({ timezone: '', note: 'a\nb', ids: [1, 2], names: ['x'] })).toBe(
      'timezone: ""\nnote:     "a\\nb"\nids:      [1, 2]\nnames:    ["x"]\n',
    );
  });

  it('indents nested objects and lists of objects below their key', () => {
    const text = formatFields({
      members: [
        { user_id: 1, full_name: 'Olivia Owner' },
        { user_id: 2, profile_data: { '1': { value: 'x' } } },
      ],
      user_settings: { color_scheme: 2 },
      empty: {},
    });
    expect(text).toBe(
      [
        'members:',
        '  - user_id:   1',
        '    full_name: Olivia Owner',
        '  - user_id: 2',
        '    profile_data:',
        '      1:',
        '        value: x',
        'user_settings:',
        '  color_scheme: 2',
        'empty: {}',
        '',
      ].join('\n'),
    );
  });

  it('prints nothing for a response without fields', () => {
    expect(formatFields({})).toBe('');
  });
});
