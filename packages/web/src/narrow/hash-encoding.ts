/**
 * The real web app's encoding of narrow operands in the URL hash: `encodeURIComponent`, then
 * `.` for `%` (so `hello world` is `hello.20world`), as `#narrow/channel/1-general/topic/…`.
 *
 * @see https://zulip.com/help/link-to-a-message-or-conversation
 */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text).replace(/\./g, '%2E').replace(/%/g, '.');
}

/** Decodes {@link encodeHashComponent}; an invalid encoding is returned as written. */
export function decodeHashComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\./g, '%'));
  } catch {
    return text;
  }
}

/** `12-general` → 12 (the ID before the first `-` of a channel or user operand), else NaN. */
export function leadingId(operand: string): number {
  const match = /^(\d+)(?:-|$)/.exec(operand);
  return match ? Number(match[1]) : Number.NaN;
}

/** `8,9-group` → [8, 9] (the IDs of a DM operand), else []. */
export function leadingIds(operand: string): number[] {
  const match = /^(\d+(?:,\d+)*)(?:-|$)/.exec(operand);
  return match?.[1] ? match[1].split(',').map(Number) : [];
}

/** A readable slug for a hash: `Iago Smith` → `Iago-Smith`. */
export function slug(text: string): string {
  return text.replace(/[\s/]+/g, '-');
}
