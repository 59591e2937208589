import { describe, expect, it } from 'vitest';
import { formatTable, truncate, yesNo } from './format-table.js';

interface Row {
  id: number;
  name: string;
  active: boolean;
}

const rows: Row[] = [
  { id: 1, name: 'Olivia Owner', active: true },
  { id: 12, name: 'Gina', active: false },
];

describe('formatTable', () => {
  it('aligns columns under upper-case headers, numbers to the right, without trailing spaces', () => {
    const text = formatTable(rows, [
      { header: 'id', value: (row) => String(row.id), align: 'right' },
      { header: 'name', value: (row) => row.name },
      { header: 'active', value: (row) => yesNo(row.active) },
    ]);
    expect(text).toBe(['ID  NAME          ACTIVE', ' 1  Olivia Owner  yes', '12  Gina          no', ''].join('\n'));
  });

  it('cuts cells longer than maxWidth with an ellipsis and keeps them on one line', () => {
    const text = formatTable(
      [{ text: 'first line\nsecond line of a long description' }],
      [{ header: 'text', value: (row) => row.text, maxWidth: 12 }],
    );
    expect(text).toBe('TEXT\nfirst line …\n');
  });

  it('prints only the header for no rows', () => {
    expect(formatTable([], [{ header: 'id', value: () => '' }])).toBe('ID\n');
  });
});

describe('truncate', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(truncate('🙂🙂🙂', 3)).toBe('🙂🙂🙂');
    expect(truncate('🙂🙂🙂🙂', 3)).toBe('🙂🙂…');
  });
});
