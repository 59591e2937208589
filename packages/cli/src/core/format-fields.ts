type Fields = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `value` fits on the line of its key: scalars, empty containers, lists of scalars. */
function isInline(value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item) => !isRecord(item) && !Array.isArray(item));
  if (isRecord(value)) return Object.keys(value).length === 0;
  return true;
}

function inline(value: unknown): string {
  if (typeof value === 'string') {
    // Empty and multi-line strings are quoted, so that every value stays on one visible line.
    return value === '' || /[\n\r\t]/.test(value) ? JSON.stringify(value) : value;
  }
  if (Array.isArray(value)) return `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

function renderRecord(fields: Fields, indent: string): string[] {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  const keyWidth = Math.max(0, ...entries.filter(([, value]) => isInline(value)).map(([key]) => key.length + 1));
  const lines: string[] = [];
  for (const [key, value] of entries) {
    if (isInline(value)) {
      lines.push(`${indent}${`${key}:`.padEnd(keyWidth)} ${inline(value)}`.trimEnd());
    } else if (Array.isArray(value)) {
      lines.push(`${indent}${key}:`);
      lines.push(...renderList(value, `${indent}  `));
    } else {
      lines.push(`${indent}${key}:`);
      lines.push(...renderRecord(value as Fields, `${indent}  `));
    }
  }
  return lines;
}

function renderList(items: readonly unknown[], indent: string): string[] {
  const lines: string[] = [];
  for (const item of items) {
    if (isRecord(item) && Object.keys(item).length > 0) {
      // The first line of each element carries the `- ` marker, YAML-style.
      const [first = '', ...rest] = renderRecord(item, `${indent}  `);
      lines.push(`${indent}- ${first.slice(indent.length + 2)}`, ...rest);
    } else if (Array.isArray(item) && !isInline(item)) {
      lines.push(`${indent}-`, ...renderList(item, `${indent}  `));
    } else {
      lines.push(`${indent}- ${inline(item)}`);
    }
  }
  return lines;
}

/**
 * Renders response fields as aligned `key: value` lines; nested objects and lists of
 * objects are indented below their key (a YAML-like layout, for reading, not parsing: use
 * `--json` for that).
 *
 * @example
 * formatFields({ id: 7, name: 'design' }) // 'id:   7\nname: design\n'
 */
export function formatFields(fields: Fields): string {
  return renderRecord(fields, '')
    .map((line) => `${line}\n`)
    .join('');
}
