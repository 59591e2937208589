// JSON Schema (of the OpenAPI document of @teamchat/schema) → a short TypeScript-like type in
// HTML, for the method reference: `integer`, `'stream' | 'private'`, `Message[]`, a link for
// each named schema (`#/components/schemas/Message` → models.html#Message).

/** A JSON Schema as plain data. */
export type JsonSchema = Record<string, unknown>;

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The name of a named schema a `$ref` points to. */
export function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

/** Longest inline object shown with its fields; past it, `object`. */
const MAX_INLINE = 4;

/**
 * The type of `schema` as HTML; `link(name)` is the address of a named schema. Unions of
 * objects and arrays get parentheses where `[]` would bind to the wrong part.
 */
export function renderType(schema: unknown, link: (name: string) => string, depth = 0): string {
  // Boolean schemas: `true` admits anything, `false` nothing.
  if (schema === null || typeof schema !== 'object') return schema === false ? 'never' : 'unknown';
  const s = schema as JsonSchema;
  if (typeof s['$ref'] === 'string') {
    const name = refName(s['$ref']);
    return `<a href="${escapeHtml(link(name))}">${escapeHtml(name)}</a>`;
  }
  if ('const' in s) return `<code>${escapeHtml(JSON.stringify(s['const']))}</code>`;
  if (Array.isArray(s['enum']))
    return (s['enum'] as unknown[])
      .map((value) => `<code>${escapeHtml(JSON.stringify(value).replace(/^"|"$/g, "'"))}</code>`)
      .join(' | ');
  for (const key of ['anyOf', 'oneOf']) {
    if (Array.isArray(s[key])) {
      const parts = [...new Set((s[key] as unknown[]).map((inner) => renderType(inner, link, depth + 1)))];
      return parts.join(' | ');
    }
  }
  if (Array.isArray(s['allOf']))
    return (s['allOf'] as unknown[]).map((inner) => renderType(inner, link, depth + 1)).join(' &amp; ');
  const type = s['type'];
  if (Array.isArray(type)) return type.map((t) => renderType({ ...s, type: t }, link, depth + 1)).join(' | ');
  if (type === 'array') {
    const item = renderType(s['items'], link, depth + 1);
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
  }
  if (type === 'object' || s['properties'] !== undefined) {
    const properties = (s['properties'] ?? {}) as Record<string, unknown>;
    const names = Object.keys(properties);
    if (names.length === 0) {
      const extra = s['additionalProperties'];
      return extra && typeof extra === 'object' && Object.keys(extra).length > 0
        ? `Record&lt;string, ${renderType(extra, link, depth + 1)}&gt;`
        : 'object';
    }
    if (depth > 1 || names.length > MAX_INLINE) return 'object';
    const required = new Set((s['required'] as string[] | undefined) ?? []);
    return `{ ${names.map((name) => `${escapeHtml(name)}${required.has(name) ? '' : '?'}: ${renderType(properties[name], link, depth + 1)}`).join('; ')} }`;
  }
  if (typeof type === 'string')
    return type === 'string' && s['contentMediaType'] === 'application/octet-stream' ? 'File' : type;
  return 'unknown';
}
