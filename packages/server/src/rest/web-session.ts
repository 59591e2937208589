import { ApiError, decodeParams } from '@teamchat/schema';
import {
  constantTimeEqual,
  devLogInPage,
  findSession,
  inspectorJournalPage,
  isAdmin,
  logInPage,
  logOutPage,
  randomAlphanumeric,
  type Core,
} from '../core/index.js';
import { cookieHeader, readCookie } from './cookies.js';
import { jsonReply } from './envelope.js';
import { pageRoute } from './page-route.js';
import { readBody } from './read-body.js';
import type { RestReply, RestRequest } from './rest-request.js';
import type { PageRoute, RouteRequest } from './site-router.js';

/** The web app's session cookie (HttpOnly) and CSRF cookie (read by the page), as Django names them. */
export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
/** Django's `CSRF_COOKIE_AGE`: a year. */
const CSRF_COOKIE_AGE_SECS = 31_449_600;
/** Methods Django's CSRF check lets through. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** A new CSRF token's cookie (32 letters and digits, as Django's secret). */
export function csrfCookie(core: Core): string {
  return cookieHeader(CSRF_COOKIE, randomAlphanumeric(32, core.services.random), {
    httpOnly: false,
    maxAgeSecs: CSRF_COOKIE_AGE_SECS,
  });
}

/** The cookies of a session just started (and a fresh CSRF token, as Django rotates it at login). */
export function sessionCookies(core: Core, session: { session_key: string; session_expires: number }): string[] {
  const maxAgeSecs = Math.max(1, Math.round((session.session_expires - core.services.now()) / 1000));
  return [cookieHeader(SESSION_COOKIE, session.session_key, { httpOnly: true, maxAgeSecs }), csrfCookie(core)];
}

/** The 403 of a failed CSRF check, as the real server's `CsrfFailureError` (Django's reasons). */
function csrfFailure(reason: string): ApiError {
  return new ApiError('CSRF_FAILED', `CSRF error: ${reason}`, { extra: { reason } });
}

/** Whether Django's CSRF check applies to the request's method. */
export function needsCsrfCheck(request: RestRequest): boolean {
  return !SAFE_METHODS.has(request.method);
}

/**
 * Django's CSRF check of an unsafe request (POST, PATCH, DELETE) of the web app: an `Origin`
 * header, when sent, names this site; the `X-CSRFToken` header equals the `csrftoken` cookie.
 *
 * @throws {ApiError} `CSRF_FAILED` (403) with the failure's `reason`.
 */
export function checkCsrf(request: RestRequest): void {
  const origin = request.header('origin');
  if (origin !== null && hostOf(origin) !== hostOf(request.origin)) {
    throw csrfFailure(`Origin checking failed - ${origin} does not match any trusted origins.`);
  }
  const cookie = readCookie(request, CSRF_COOKIE);
  if (!cookie) throw csrfFailure('CSRF cookie not set.');
  const header = request.header('x-csrftoken');
  if (!header) throw csrfFailure('CSRF token missing.');
  if (!constantTimeEqual(cookie, header)) throw csrfFailure("CSRF token from the 'X-Csrftoken' HTTP header incorrect.");
}

/** The host (and port) of an origin, or null for one that is not a URL (`null`). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Marks a request as the web app's: authenticated by its session cookie (never by an
 * `Authorization` header, as the real server's `/json` routes), its 401s asking for a session.
 */
export async function useSession(core: Core, route: RouteRequest): Promise<void> {
  route.info.authorization = null;
  const session = await findSession(core.services, readCookie(route.request, SESSION_COOKIE));
  route.info.session = session;
  // An administrator's page is open: the journal records (the inspector shows it).
  const user = session ? core.services.store.get('users', session.userId) : undefined;
  if (user && isAdmin(user)) core.services.journal.watch();
}

/** A required form field, or the API's error naming it. */
function field(fields: Map<string, string>, name: string): string {
  const value = fields.get(name);
  if (value === undefined)
    throw new ApiError('REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, { extra: { var_name: name } });
  return value;
}

/** The success answer of a login, with its cookies. */
function loggedIn(
  core: Core,
  session: { user_id: number; email: string; session_key: string; session_expires: number },
): RestReply {
  return {
    ...jsonReply({ result: 'success', msg: '', user_id: session.user_id, email: session.email }),
    cookies: sessionCookies(core, session),
  };
}

/**
 * The routes of web sessions: `POST /accounts/login/` (email and password), `POST
 * /accounts/login/local/` (any account, on a development server), `POST /accounts/logout/`.
 * Each answers JSON and needs the CSRF token, as the real forms do. And the inspector's
 * `GET /json/inspector/journal` (administrators' sessions).
 */
export function sessionRoutes(core: Core, maxBodyBytes: number): PageRoute[] {
  const form = async (route: RouteRequest) => {
    checkCsrf(route.request);
    await useSession(core, route);
    return (await readBody(route.request, maxBodyBytes)).fields;
  };
  return [
    pageRoute(core, {
      methods: ['POST'],
      pattern: '/accounts/login/',
      page: logInPage,
      params: async (route) => {
        const fields = await form(route);
        return { username: field(fields, 'username'), password: field(fields, 'password') };
      },
      reply: async (run) => loggedIn(core, await run()),
    }),
    pageRoute(core, {
      methods: ['POST'],
      pattern: '/accounts/login/local/',
      page: devLogInPage,
      params: async (route) =>
        core.services.config.devMode ? { direct_email: field(await form(route), 'direct_email') } : null,
      reply: async (run) => loggedIn(core, await run()),
    }),
    pageRoute(core, {
      methods: ['POST'],
      pattern: '/accounts/logout/',
      page: logOutPage,
      params: async (route) => {
        await form(route);
        return {};
      },
      reply: async (run) => {
        await run();
        return {
          ...jsonReply({ result: 'success', msg: '' }),
          cookies: [cookieHeader(SESSION_COOKIE, '', { httpOnly: true, maxAgeSecs: 0 })],
        };
      },
    }),
    pageRoute(core, {
      methods: ['GET'],
      pattern: '/json/inspector/journal',
      page: inspectorJournalPage,
      params: async (route) => {
        await useSession(core, route);
        const query = route.request.query === '' ? null : new URLSearchParams(route.request.query);
        return decodeParams(inspectorJournalPage, { path: {}, body: new Map(), query, files: [] }).params;
      },
      reply: async (run) => jsonReply({ result: 'success', msg: '', ...(await run()) }),
    }),
  ];
}
