import { API_PREFIX } from '@teamchat/schema';
import {
  confirmEmailChangePage,
  joinBigBlueButtonPage,
  outboxEmails,
  registerPage,
  serveEmojiPage,
  serveAvatarPage,
  serveExportPage,
  serveTemporaryUploadPage,
  serveUploadPage,
  signUpFormPage,
  type Core,
} from '../core/index.js';
import { jsonReply } from './envelope.js';
import { confirmEmailResponse, uploadResponse } from './pages.js';
import { readBody } from './read-body.js';
import type { RestReply } from './rest-request.js';
import { REST_SEGMENT } from './route-pattern.js';
import { registerResponse, registrationOf, signUpFormResponse } from './sign-up-page.js';
import { pageRoute } from './page-route.js';
import type { PageRoute, RouteRequest, SiteMethod } from './site-router.js';
import { readCookie } from './cookies.js';
import { SESSION_COOKIE, sessionCookies, useSession } from './web-session.js';

const GET_HEAD: readonly SiteMethod[] = ['GET', 'HEAD'];
/** Keys of email links and invitations. */
const KEY = /^[A-Za-z0-9]+$/;
const HEX = /^[0-9A-Fa-f]+$/;
const DIGITS = /^\d+$/;
/** An avatar's file name: the user's ID, `-medium` for the large size, `.png`. */
const AVATAR_FILE = /^(\d{1,15})(?:-medium)?\.png$/;

/** A URL-encoded path segment, decoded (left as it is when it is not valid encoding). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A segment the pattern named (always there once it matched). */
const segment = (route: RouteRequest, name: string) => route.params[name] ?? '';

/** The invitation an invitation link names: an email invitation's, or a reusable link's. */
const signUpLink = (kind: 'email' | 'multiuse') => (route: RouteRequest) =>
  KEY.test(segment(route, 'key')) ? { kind, key: segment(route, 'key') } : null;

/** What the table needs beside the core: the handler's own answers for the API and `/trpc`. */
export interface PageTableParts {
  core: Core;
  api: (route: RouteRequest) => Promise<RestReply>;
  /** The same contracts at `/json/…`, for the web app's session. */
  json: (route: RouteRequest) => Promise<RestReply>;
  trpc: (route: RouteRequest) => Promise<RestReply>;
  /** Largest body of an ordinary request (the sign-up form). */
  maxBodyBytes: number;
}

/**
 * The page route table: every route of the REST handler (method, pattern, the core page it
 * runs, how it answers). The handler dispatches through it and the mock mounts its patterns,
 * so the two cannot list different routes. Order does not matter: the router tries the most
 * specific pattern first.
 */
export function pageTable(parts: PageTableParts): PageRoute[] {
  const { core } = parts;
  const withBytes = (route: RouteRequest) => route.request.method === 'GET';
  return [
    { methods: ['ALL'], pattern: `${API_PREFIX}/*`, page: null, answer: parts.api },
    { methods: ['ALL'], pattern: '/json/*', page: null, answer: parts.json },
    { methods: ['ALL'], pattern: '/trpc', page: null, answer: parts.trpc },
    { methods: ['ALL'], pattern: '/trpc/*', page: null, answer: parts.trpc },
    { methods: GET_HEAD, pattern: '/health', page: null, answer: () => jsonReply({ status: 'ok' }) },
    // Uploaded files, their temporary URLs, data exports and custom emoji images.
    pageRoute(core, {
      methods: GET_HEAD,
      pattern: '/user_uploads/temporary/:token/:file_name',
      page: serveTemporaryUploadPage,
      params: (route) =>
        HEX.test(segment(route, 'token'))
          ? {
              token: segment(route, 'token'),
              file_name: decodePathSegment(segment(route, 'file_name')),
              with_bytes: withBytes(route),
            }
          : null,
      reply: async (run) => uploadResponse(await run()),
    }),
    pageRoute(core, {
      methods: GET_HEAD,
      pattern: '/user_uploads/*',
      page: serveUploadPage,
      params: async (route) => {
        // As the real server's rest_dispatch: the web app's session cookie when there is one
        // (its <img> tags send no Authorization header), else Basic auth.
        if (route.request.header('authorization') === null && readCookie(route.request, SESSION_COOKIE) !== null)
          await useSession(core, route);
        return { path_id: segment(route, REST_SEGMENT), with_bytes: withBytes(route) };
      },
      reply: async (run) => uploadResponse(await run()),
    }),
    pageRoute(core, {
      methods: GET_HEAD,
      pattern: '/user_avatars/exports/*',
      page: serveExportPage,
      // The page takes the path below /user_avatars: `exports/<realm>/<random>/<name>.json`.
      params: (route) => ({
        path: decodePathSegment(`exports/${segment(route, REST_SEGMENT)}`),
        with_bytes: withBytes(route),
      }),
      reply: async (run) => uploadResponse(await run()),
    }),
    pageRoute(core, {
      methods: GET_HEAD,
      pattern: '/user_avatars/:realm/emoji/images/:file',
      page: serveEmojiPage,
      params: (route) =>
        DIGITS.test(segment(route, 'realm')) ? { file: segment(route, 'file'), with_bytes: withBytes(route) } : null,
      reply: async (run) => uploadResponse(await run()),
    }),
    pageRoute(core, {
      methods: GET_HEAD,
      pattern: '/user_avatars/:realm/:file',
      page: serveAvatarPage,
      // `<user>.png` and `<user>-medium.png` (core/model/avatar.ts): the same image.
      params: (route) => {
        const user = AVATAR_FILE.exec(segment(route, 'file'))?.[1];
        return DIGITS.test(segment(route, 'realm')) && user !== undefined
          ? { user_id: Number(user), with_bytes: withBytes(route) }
          : null;
      },
      reply: async (run) => uploadResponse(await run()),
    }),
    // The join link of a BigBlueButton call.
    pageRoute(core, {
      methods: ['GET'],
      pattern: '/calls/bigbluebutton/join',
      page: joinBigBlueButtonPage,
      params: (route) => ({ bigbluebutton: new URLSearchParams(route.request.query).get('bigbluebutton') ?? '' }),
      reply: async (run) => ({
        status: 302,
        headers: { location: (await run()).location, 'cache-control': 'no-store' },
        body: null,
      }),
    }),
    // Links in emails: an email change's confirmation, an invitation's sign-up form, and where it posts.
    pageRoute(core, {
      methods: ['GET'],
      pattern: '/accounts/confirm_new_email/:key',
      page: confirmEmailChangePage,
      params: (route) => (KEY.test(segment(route, 'key')) ? { confirmation_key: segment(route, 'key') } : null),
      reply: (run) => confirmEmailResponse(run),
    }),
    pageRoute(core, {
      methods: ['GET'],
      pattern: '/accounts/do_confirm/:key',
      page: signUpFormPage,
      params: signUpLink('email'),
      reply: (run, params) => signUpFormResponse(params, run),
    }),
    pageRoute(core, {
      methods: ['GET'],
      pattern: '/join/:key',
      page: signUpFormPage,
      params: signUpLink('multiuse'),
      reply: (run, params) => signUpFormResponse(params, run),
    }),
    pageRoute(core, {
      methods: ['POST'],
      pattern: '/accounts/register/',
      page: registerPage,
      params: async (route) => registrationOf((await readBody(route.request, parts.maxBodyBytes)).fields),
      reply: (run, params) => registerResponse(params, run, (user) => sessionCookies(core, user)),
    }),
    // The email outbox, on servers started with `--show-emails` (`showEmails`, read per request: the mock's changes).
    {
      methods: ['GET'],
      pattern: '/dev/emails',
      page: null,
      answer: (route) => {
        if (!core.services.config.showEmails) return null;
        const query = new URLSearchParams(route.request.query);
        const last = Number(query.get('last') ?? Number.NaN);
        const to = query.get('to');
        const emails = outboxEmails(core.services.store, {
          ...(to === null ? {} : { to }),
          ...(Number.isInteger(last) && last > 0 ? { last } : {}),
        });
        return jsonReply({ result: 'success', msg: '', emails });
      },
    },
  ];
}
