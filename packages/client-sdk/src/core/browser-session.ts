import type { SessionOptions } from '../client/client-options.js';

/** Where a browser session's API lives: the real web app calls `/json/<path>` with its cookie. */
export const SESSION_PREFIX = '/json';

/** The header the real server reads the CSRF token from. */
const CSRF_HEADER = 'X-CSRFToken';

/**
 * The `csrftoken` cookie of the page (`undefined` outside a browser, or before the server
 * set one).
 */
export function csrfTokenFromCookie(): string | undefined {
  const cookies = (globalThis as { document?: { cookie?: string } }).document?.cookie ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'csrftoken') return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The headers of one request in session mode: `X-CSRFToken` on every method that changes
 * state (Django's rule: all but GET, HEAD, OPTIONS and TRACE).
 */
export function sessionHeaders(options: SessionOptions): (method: string) => Record<string, string> {
  const read = options.csrfToken ?? csrfTokenFromCookie;
  return (method) => {
    if (method === 'GET' || method === 'HEAD') return {};
    const token = read();
    return token === undefined ? {} : { [CSRF_HEADER]: token };
  };
}
