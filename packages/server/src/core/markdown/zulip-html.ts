/**
 * HTML escaping the way the real server's serializer escapes: text nodes escape `&`, `<`
 * and `>` only (quotes stay as typed), attribute values also escape `"`, and code blocks
 * (Pygments output) also escape `'`.
 *
 * @see https://zulip.com/api/message-formatting
 */

const TEXT = /[&<>]/g;
const ATTRIBUTE = /[&<>"]/g;
const CODE = /[&<>"']/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const replace = (char: string): string => ENTITIES[char] ?? char;

/** Escapes a text node: `it's <b>` → `it's &lt;b&gt;`. */
export function escapeText(text: string): string {
  return text.replace(TEXT, replace);
}

/** Escapes an attribute value (double-quoted). */
export function escapeAttribute(value: string): string {
  return value.replace(ATTRIBUTE, replace);
}

/** Escapes the contents of a code block as Pygments does (`'` → `&#39;`). */
export function escapeCode(code: string): string {
  return code.replace(CODE, replace);
}

/**
 * Renders attributes sorted by name, as the real server's serializer does
 * (`<span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">`).
 */
export function renderAttributes(attributes: Record<string, string>): string {
  return Object.keys(attributes)
    .sort()
    .map((name) => ` ${name}="${escapeAttribute(attributes[name] ?? '')}"`)
    .join('');
}
