/**
 * Narrow-URL encoding of the real server (`zerver/lib/url_encoding.py`): components are
 * percent-encoded (only `A-Z a-z 0-9 _ . - ~ *` stay as they are), then `%` becomes `.` and
 * `.` becomes `.2E`, so `Zulip updates` → `Zulip.20updates`.
 *
 * @see https://zulip.com/api/message-formatting
 */

// Lone surrogates cannot be percent-encoded; the real server cannot store them either.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Encodes one component of a `#narrow/…` fragment.
 *
 * @example encodeHashComponent('Zulip updates') // 'Zulip.20updates'
 */
export function encodeHashComponent(component: string): string {
  const quoted = encodeURIComponent(component.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /[!'()]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return quoted.replace(/[%.]/g, (char) => (char === '%' ? '.' : '.2E'));
}

/**
 * The channel slug of a narrow URL: the ID, a dash, and the name with spaces turned into
 * dashes, encoded.
 *
 * @example encodeChannelSlug(9, 'team announce') // '9-team-announce'
 */
export function encodeChannelSlug(channelId: number, name: string): string {
  return `${channelId}-${encodeHashComponent(name.replaceAll(' ', '-'))}`;
}
