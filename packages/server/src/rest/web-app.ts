import type { RestReply } from './rest-request.js';
import { REST_SEGMENT } from './route-pattern.js';
import type { PageRoute, RouteRequest } from './site-router.js';

/**
 * The port through which the REST handler reads the web app's built files (`@teamchat/web`'s
 * `dist/`): a folder on disk in the server and the mock's HTTP mode (`staticFolder` of
 * `@teamchat/server/node`), anything that holds the files elsewhere (a test's map).
 */
export interface StaticFiles {
  /**
   * The bytes of the file at `name` below the folder (`index.html`, `static/index-3f2a.js`), or
   * null when there is none. Names come checked: segments of letters, digits, `.`, `_` and `-`,
   * never `.` or `..`; a reader still keeps to its folder.
   */
  read(name: string): Promise<Uint8Array | null>;
}

/** The pages of the app: each answers `index.html`, which picks its view from `location.pathname`. */
const APP_PAGES = ['/', '/login/', '/inspector/'] as const;
/** The development accounts' page: only on a development server. */
const DEV_LOGIN_PAGE = '/devlogin/';

/**
 * The web app's Content-Security-Policy: scripts and styles from the server only, no inline
 * script (messages' HTML can never run script), nothing framed or posted elsewhere.
 */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every HTML answer of the app. */
function htmlHeaders(): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': WEB_APP_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
};

/** A file name's type, by extension. */
function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot < 0 ? undefined : CONTENT_TYPES[name.slice(dot + 1).toLowerCase()]) ?? 'application/octet-stream';
}

const NAME_SEGMENT = /^[A-Za-z0-9_.-]+$/;

/**
 * The name below `static/` of an asset path, or null when it could leave the folder or is not a
 * plain name: every segment letters, digits, `.`, `_`, `-` (so no `%2F`, `%2E%2E` or `\`), none
 * `.` or `..`. Nothing is decoded.
 */
export function assetName(rest: string): string | null {
  const segments = rest.split('/');
  return segments.every((s) => NAME_SEGMENT.test(s) && s !== '.' && s !== '..') ? `static/${segments.join('/')}` : null;
}

/** What the web app's routes need. */
export interface WebAppOptions {
  files: StaticFiles;
  /** Whether `/devlogin/` is served (a development server, read per request). */
  devMode: () => boolean;
  /**
   * Headers to add to an HTML answer of `route` (the `csrftoken` cookie of a visitor without
   * one), or none.
   */
  pageHeaders?: (route: RouteRequest) => Record<string, string>;
}

/**
 * The routes of the web app: its pages (`/`, `/login/`, `/inspector/`, and `/devlogin/` on a
 * development server) answer `index.html` with the CSP and `no-store`; `/static/<name>` its
 * hashed assets, cached for a year as immutable. A missing file is the 404 of any other path.
 */
export function webAppRoutes(options: WebAppOptions): PageRoute[] {
  const { files } = options;
  const index = async (route: RouteRequest): Promise<RestReply | null> => {
    const html = await files.read('index.html');
    if (html === null) return null;
    const headers = { ...htmlHeaders(), ...options.pageHeaders?.(route) };
    return { status: 200, headers, body: route.request.method === 'HEAD' ? null : html };
  };
  const asset = async (route: RouteRequest): Promise<RestReply | null> => {
    const name = assetName(route.params[REST_SEGMENT] ?? '');
    const bytes = name === null ? null : await files.read(name);
    if (name === null || bytes === null) return null;
    const headers = {
      'content-type': contentTypeOf(name),
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    };
    return { status: 200, headers, body: route.request.method === 'HEAD' ? null : bytes };
  };
  return [
    ...APP_PAGES.map((pattern): PageRoute => ({ methods: ['GET', 'HEAD'], pattern, page: null, answer: index })),
    {
      methods: ['GET', 'HEAD'],
      pattern: DEV_LOGIN_PAGE,
      page: null,
      answer: (route) => (options.devMode() ? index(route) : null),
    },
    { methods: ['GET', 'HEAD'], pattern: '/static/*', page: null, answer: asset },
  ];
}
