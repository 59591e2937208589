import type { RestRequest } from './rest-request.js';

/** The value of cookie `name` of a request, or null (the first one when it comes twice). */
export function readCookie(request: RestRequest, name: string): string | null {
  const header = request.header('cookie');
  if (header === null) return null;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    const value = pair.slice(equals + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  }
  return null;
}

/** How a cookie is set: for the whole site, `SameSite=Lax`, readable by script or not. */
interface CookieOptions {
  httpOnly: boolean;
  /** Lifetime in seconds; 0 deletes the cookie. */
  maxAgeSecs: number;
}

/** A `Set-Cookie` value of the site's cookies (values are letters and digits: nothing to quote). */
export function cookieHeader(name: string, value: string, options: CookieOptions): string {
  const expires = options.maxAgeSecs === 0 ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT' : '';
  return `${name}=${value}${expires}; Max-Age=${options.maxAgeSecs}; Path=/; SameSite=Lax${options.httpOnly ? '; HttpOnly' : ''}`;
}
