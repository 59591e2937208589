/** One column of a table. */
export interface Column<TRow> {
  /** Header text (printed upper-case). */
  header: string;
  /** The cell text of a row. */
  value: (row: TRow) => string;
  /** Right-align (numbers). Default: left. */
  align?: 'left' | 'right';
  /** Longest cell; longer text is cut with `…`. Default: no limit. */
  maxWidth?: number;
}

/** `yes` / `no`: how tables show booleans. */
export function yesNo(value: unknown): string {
  return value === true ? 'yes' : 'no';
}

/** Cuts `text` to `maxWidth` characters (the last one `…`), on one line. */
export function truncate(text: string, maxWidth: number): string {
  const line = text.replace(/\s*\n\s*/g, ' ');
  const chars = [...line];
  return chars.length <= maxWidth ? line : `${chars.slice(0, Math.max(0, maxWidth - 1)).join('')}…`;
}

/**
 * Lays out `rows` as an aligned text table: an upper-case header line, then one line per
 * row, columns separated by two spaces, no trailing spaces.
 *
 * @example
 * formatTable([{ id: 1, name: 'general' }], [
 *   { header: 'id', value: (c) => String(c.id), align: 'right' },
 *   { header: 'name', value: (c) => c.name },
 * ]);
 * // 'ID  NAME\n 1  general\n'
 */
export function formatTable<TRow>(rows: readonly TRow[], columns: readonly Column<TRow>[]): string {
  const cells = rows.map((row) =>
    columns.map((column) => {
      const text = column.value(row).replace(/\s*\n\s*/g, ' ');
      return column.maxWidth === undefined ? text : truncate(text, column.maxWidth);
    }),
  );
  const headers = columns.map((column) => column.header.toUpperCase());
  const widths = columns.map((_, index) =>
    Math.max(width(headers[index] ?? ''), ...cells.map((line) => width(line[index] ?? ''))),
  );
  const render = (line: readonly string[]): string =>
    line
      .map((cell, index) => {
        const padding = ' '.repeat((widths[index] ?? 0) - width(cell));
        return columns[index]?.align === 'right' ? padding + cell : cell + padding;
      })
      .join('  ')
      .trimEnd();
  return [render(headers), ...cells.map(render)].map((line) => `${line}\n`).join('');
}

/** Display width in characters (code points; good enough for names and emails). */
function width(text: string): number {
  return [...text].length;
}
