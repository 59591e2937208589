import { API_PREFIX } from '@teamchat/schema/wire';

/**
 * Normalises a server address the way the official Python client does, and returns the
 * site's root URL: `localhost…` gets `http://`, any other address without a scheme
 * `https://`; trailing slashes go; an `/api` or `/api/v1` suffix is tolerated and removed.
 *
 * @example
 * normalizeSite('chat.example.com')              // 'https://chat.example.com'
 * normalizeSite('localhost:9991/')               // 'http://localhost:9991'
 * normalizeSite('https://example.com/chat/api/v1') // 'https://example.com/chat'
 * @see https://zulip.com/api/configuring-python-bindings
 */
export function normalizeSite(site: string): string {
  let text = site.trim();
  if (text === '')
    throw new TypeError('[teamchat-sdk] site is empty; pass the server address, e.g. https://chat.example.com');
  if (text.startsWith('localhost')) text = `http://${text}`;
  else if (!text.includes('://')) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`[teamchat-sdk] site '${site}' is not a valid URL; pass e.g. https://chat.example.com`);
  }
  if (url.username || url.password) {
    // Do not echo the address: it contains credentials.
    throw new TypeError('[teamchat-sdk] site must not contain credentials; pass email and apiKey instead');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`[teamchat-sdk] site '${site}' must be an http:// or https:// URL`);
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length);
  else if (path.endsWith('/api')) path = path.slice(0, -'/api'.length);
  return `${url.origin}${path}`;
}

/** The API base URL of a site: `<normalised site>/api/v1`. */
export function apiBaseUrl(site: string): string {
  return `${normalizeSite(site)}${API_PREFIX}`;
}
