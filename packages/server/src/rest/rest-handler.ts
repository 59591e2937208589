import { API_PREFIX, ApiError, createRouteTable, decodeParams, isFileParam, type Endpoint } from '@teamchat/schema';
import {
  confirmEmailChangePage,
  joinBigBlueButtonPage,
  MIB,
  maxUploadBytes,
  outboxEmails,
  registerPage,
  serveEmojiPage,
  serveExportPage,
  serveTemporaryUploadPage,
  serveUploadPage,
  signUpFormPage,
  type Core,
  type RequestInfo,
  type UploadRead,
} from '../core/index.js';
import { createTrpcHandler } from '../trpc/trpc-handler.js';
import { withCors } from './cors.js';
import { errorReply, internalErrorReply, jsonReply, successReply } from './envelope.js';
import { openApiSource } from './openapi.js';
import { confirmEmailResponse, uploadResponse } from './pages.js';
import { registerResponse, signUpFormResponse, type SignUpLink } from './sign-up-page.js';
import { readBody } from './read-body.js';
import { fromFetchRequest, toResponse, type RestReply, type RestRequest } from './rest-request.js';

/** Options of {@link createRestHandler}. */
export interface RestHandlerOptions {
  /**
   * Largest accepted request body, in bytes, for every request but uploads (default 5 MiB).
   * Endpoints with a file parameter accept the upload limit (`maxFileUploadSizeMib`) plus
   * room for the multipart framing, so an allowed file always gets through.
   */
  maxBodyBytes?: number;
  /**
   * Origins whose pages may call the server from a browser (CORS), e.g.
   * `['http://localhost:5173']`. Default none, as on the real server: see `withCors`.
   */
  corsOrigins?: readonly string[];
}

/**
 * A route the handler mounts beside the contract table, as a method and a path pattern with
 * `*` for "anything below" and `:name` for one segment (MSW's syntax, so the mock mounts
 * exactly these).
 */
export interface SiteRoute {
  readonly method: 'GET' | 'HEAD' | 'POST' | 'ALL';
  readonly path: string;
}

/** What the transport knows of a request beyond the `Request` itself. */
export interface ConnectionInfo {
  /** The client's network address (rate limits per address); the mock has none. */
  clientAddress?: string | undefined;
}

/** A platform-neutral HTTP handler: the reference server and the mock both serve through it. */
export type FetchHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>;

/**
 * The REST handler: a {@link FetchHandler} (the mock's MSW handlers, tests), the routes it
 * mounts beyond the contract's `/api/v1` paths, and `serve`, the same handler on a
 * {@link RestRequest} answering a {@link RestReply} (the node adapter, with no WHATWG objects
 * per request).
 */
export type RestHandler = FetchHandler & {
  readonly siteRoutes: readonly SiteRoute[];
  serve(request: RestRequest): Promise<RestReply>;
};

const DEFAULT_MAX_BODY = 5 * MIB;
/** Room for the multipart framing and form fields around the largest allowed file. */
const MULTIPART_SLACK = MIB;
const UPLOADS = '/user_uploads/';
/** The join link of a BigBlueButton call. */
const JOIN_BIGBLUEBUTTON = '/calls/bigbluebutton/join';
/** Files of data exports: `/user_avatars/exports/<realm>/<random>/<name>.json`. */
const EXPORTS = '/user_avatars/exports/';
/** Temporary URLs of uploaded files: `/user_uploads/temporary/<token>/<file name>`. */
const TEMPORARY_UPLOAD = /^\/user_uploads\/temporary\/([0-9A-Fa-f]+)\/([^/]+)$/;

/** A URL-encoded path segment, decoded (left as it is when it is not valid encoding). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
/** Custom emoji images: `/user_avatars/<realm>/emoji/images/<file>`. */
const EMOJI_IMAGE = /^\/user_avatars\/\d+\/emoji\/images\/([^/]+)$/;
const CONFIRM_EMAIL = /^\/accounts\/confirm_new_email\/([A-Za-z0-9]+)\/?$/;
/** An email invitation's link, and a reusable invitation link. */
const DO_CONFIRM = /^\/accounts\/do_confirm\/([A-Za-z0-9]+)\/?$/;
const JOIN = /^\/join\/([A-Za-z0-9]+)\/?$/;
/** Where the sign-up form posts. */
const REGISTER = '/accounts/register/';
/** The email outbox, on servers started with `--show-emails` (`showEmails`). */
const DEV_EMAILS = '/dev/emails';
/** Where the OpenAPI document is served, below the API prefix. */
const OPENAPI_PATH = '/openapi.json';

/**
 * Every route of the handler beyond the contracts' own paths: the rest of `/api/v1` (the
 * 404/405 envelopes), `/trpc`, uploaded files, the email-confirmation links, the sign-up
 * pages of invitation links, the email outbox (`/dev/emails`, when enabled) and `/health`.
 */
export const SITE_ROUTES: readonly SiteRoute[] = [
  { method: 'ALL', path: `${API_PREFIX}/*` },
  { method: 'ALL', path: '/trpc/*' },
  { method: 'GET', path: `${UPLOADS}*` },
  { method: 'HEAD', path: `${UPLOADS}*` },
  { method: 'GET', path: '/user_avatars/*' },
  { method: 'HEAD', path: '/user_avatars/*' },
  { method: 'GET', path: '/accounts/confirm_new_email/*' },
  { method: 'GET', path: '/accounts/do_confirm/*' },
  { method: 'GET', path: '/join/*' },
  { method: 'POST', path: REGISTER },
  { method: 'GET', path: DEV_EMAILS },
  { method: 'GET', path: '/health' },
  { method: 'GET', path: JOIN_BIGBLUEBUTTON },
];

/** The invitation of a sign-up link path, if it is one. */
function signUpLink(path: string): SignUpLink | null {
  const email = DO_CONFIRM.exec(path);
  if (email) return { kind: 'email', key: email[1] as string };
  const join = JOIN.exec(path);
  return join ? { kind: 'multiuse', key: join[1] as string } : null;
}

/** What the core knows of a request; the abort signal is made only when read (a long poll). */
class RestRequestInfo implements RequestInfo {
  readonly authorization: string | null;
  readonly userAgent: string;
  readonly clientAddress: string | undefined;
  rateLimit: RequestInfo['rateLimit'] = undefined;

  constructor(private readonly request: RestRequest) {
    this.authorization = request.header('authorization');
    this.userAgent = request.header('user-agent') ?? '';
    this.clientAddress = request.clientAddress;
  }

  get signal(): AbortSignal | undefined {
    return this.request.signal;
  }
}

/** The `X-RateLimit-*` headers of a request that ran under a rate limit (as the real server sends on every API response). */
function rateLimitHeaders(info: RequestInfo): Record<string, string> {
  const status = info.rateLimit;
  if (!status) return {};
  return { 'x-ratelimit-limit': String(status.limit), 'x-ratelimit-remaining': String(status.remaining), 'x-ratelimit-reset': String(status.reset) };
}

/** Route lookups of exact method and path (no parameters to decode per request), bounded. */
const ROUTE_CACHE_SIZE = 512;

/**
 * The REST translation of the API, as one `(request: Request) => Promise<Response>` (and as
 * `serve` on a {@link RestRequest}): `/api/v1/...` through the contract table (route lookup,
 * wire decoding, the `{result, msg}` envelope, statuses), the OpenAPI document of those
 * contracts at `/api/v1/openapi.json` (public, like the real server's API docs), the same
 * router at `/trpc` for typed tRPC clients, and the pages of {@link SITE_ROUTES}. Every call
 * runs through the core (authentication, due jobs, transactions); this layer only speaks HTTP.
 * No request can make it throw: an unexpected exception is logged and answered with a 500
 * envelope.
 */
export function createRestHandler(core: Core, options: RestHandlerOptions = {}): RestHandler {
  const routes = createRouteTable(core.endpoints.values());
  const routeCache = new Map<string, ReturnType<typeof routes.match>>();
  const { log, config } = core.services;
  const ordinaryLimit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const uploadEndpoints = new Set([...core.endpoints.values()].filter((e) => Object.values(e.params.shape).some((schema) => isFileParam(schema as never))));
  // Read per request: the mock's settings change while it runs.
  const bodyLimit = (endpoint: Endpoint) => (uploadEndpoints.has(endpoint) ? maxUploadBytes(config) + MULTIPART_SLACK : ordinaryLimit);

  const openApi = openApiSource(core.endpoints.values());
  const serveTrpc = createTrpcHandler(core);

  function match(method: string, path: string) {
    const key = `${method} ${path}`;
    let route = routeCache.get(key);
    if (route === undefined) {
      route = routes.match(method, path);
      // Only routes without path parameters: those with IDs would fill the cache one ID each.
      if (route.kind !== 'found' || Object.keys(route.pathParams).length === 0) {
        if (routeCache.size >= ROUTE_CACHE_SIZE) routeCache.clear();
        routeCache.set(key, route);
      }
    }
    return route;
  }

  async function api(request: RestRequest, path: string, info: RequestInfo): Promise<RestReply> {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (path === OPENAPI_PATH && method === 'GET') {
      const document = jsonReply(openApi(`${request.origin}${API_PREFIX}`));
      if (request.method === 'HEAD') document.body = null;
      return document;
    }
    const route = match(method, path);
    if (route.kind === 'not-found') {
      return jsonReply({ result: 'error', msg: `Unknown API endpoint: ${method} ${API_PREFIX}${path}`, code: 'BAD_REQUEST' }, 404);
    }
    if (route.kind === 'method-not-allowed') {
      if (request.method === 'OPTIONS') return { status: 204, headers: { allow: route.allowed.join(', ') }, body: null };
      return jsonReply({ result: 'error', msg: 'Method Not Allowed', allowed_methods: route.allowed }, 405, { allow: route.allowed.join(', ') });
    }
    let ignored: readonly string[] = [];
    // The core checks credentials before the body is read, as the real server does.
    const result = await core.serve(route.endpoint, info, async () => {
      const body = await readBody(request, bodyLimit(route.endpoint));
      const query = request.query === '' ? null : new URLSearchParams(request.query);
      const decoded = decodeParams(route.endpoint, { path: route.pathParams, body: body.fields, query, files: body.files });
      ignored = decoded.ignored;
      return decoded.params;
    });
    const reply = successReply(result as object, ignored, config.validateResponses);
    if (request.method === 'HEAD') reply.body = null;
    return reply;
  }

  /** tRPC reads bodies itself, without a limit: it gets the body already read under the ordinary one. */
  async function trpc(request: RestRequest, info: RequestInfo): Promise<RestReply> {
    const body = request.hasBody ? await request.readBytes(ordinaryLimit) : null;
    const response = await serveTrpc(request.toRequest(body), info);
    const headers = rateLimitHeaders(info);
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) };
  }

  async function dispatch(request: RestRequest, path: string, info: RequestInfo): Promise<RestReply> {
    if (path.startsWith(`${API_PREFIX}/`)) return api(request, path.slice(API_PREFIX.length), info);
    if (path === '/trpc' || path.startsWith('/trpc/')) return trpc(request, info);
    const temporary = TEMPORARY_UPLOAD.exec(path);
    if (temporary && (request.method === 'GET' || request.method === 'HEAD')) {
      const params = { token: temporary[1] as string, file_name: decodePathSegment(temporary[2] as string), with_bytes: request.method === 'GET' };
      return uploadResponse((await core.serve(serveTemporaryUploadPage, info, async () => params)) as UploadRead);
    }
    if (path.startsWith(UPLOADS) && (request.method === 'GET' || request.method === 'HEAD')) {
      const params = { path_id: path.slice(UPLOADS.length), with_bytes: request.method === 'GET' };
      return uploadResponse((await core.serve(serveUploadPage, info, async () => params)) as UploadRead);
    }
    if (path.startsWith(EXPORTS) && (request.method === 'GET' || request.method === 'HEAD')) {
      const params = { path: decodePathSegment(path.slice(EXPORTS.length - 'exports/'.length)), with_bytes: request.method === 'GET' };
      return uploadResponse((await core.serve(serveExportPage, info, async () => params)) as UploadRead);
    }
    const emoji = EMOJI_IMAGE.exec(path);
    if (emoji && (request.method === 'GET' || request.method === 'HEAD')) {
      const params = { file: emoji[1] as string, with_bytes: request.method === 'GET' };
      return uploadResponse((await core.serve(serveEmojiPage, info, async () => params)) as UploadRead);
    }
    if (path === '/health') return jsonReply({ status: 'ok' });
    if (path === JOIN_BIGBLUEBUTTON && request.method === 'GET') {
      const query = new URLSearchParams(request.query);
      const params = { bigbluebutton: query.get('bigbluebutton') ?? '' };
      const { location } = (await core.serve(joinBigBlueButtonPage, info, async () => params)) as { location: string };
      return { status: 302, headers: { location, 'cache-control': 'no-store' }, body: null };
    }
    const confirm = CONFIRM_EMAIL.exec(path);
    if (confirm && request.method === 'GET') {
      const params = { confirmation_key: confirm[1] as string };
      return confirmEmailResponse(async () => (await core.serve(confirmEmailChangePage, info, async () => params)) as { full_name: string; email: string });
    }
    const link = signUpLink(path);
    if (link && request.method === 'GET') {
      return signUpFormResponse(link, async () => (await core.serve(signUpFormPage, info, async () => link)) as never);
    }
    if (path === REGISTER && request.method === 'POST') {
      const form = (await readBody(request, ordinaryLimit)).fields;
      return registerResponse(form, async (params) => (await core.serve(registerPage, info, async () => params)) as never);
    }
    if (path === DEV_EMAILS && request.method === 'GET' && config.showEmails) {
      const query = new URLSearchParams(request.query);
      const last = Number(query.get('last') ?? Number.NaN);
      const emails = outboxEmails(core.services.store, { ...(query.has('to') ? { to: query.get('to') as string } : {}), ...(Number.isInteger(last) && last > 0 ? { last } : {}) });
      return jsonReply({ result: 'success', msg: '', emails });
    }
    return jsonReply({ result: 'error', msg: `Not found: ${path}`, code: 'BAD_REQUEST' }, 404);
  }

  async function serveRequest(request: RestRequest): Promise<RestReply> {
    const path = request.path;
    const info = new RestRequestInfo(request);
    const api = path.startsWith(`${API_PREFIX}/`);
    try {
      const reply = await dispatch(request, path, info);
      if (api) Object.assign(reply.headers, rateLimitHeaders(info));
      return reply;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) {
        const reply = errorReply(apiError);
        Object.assign(reply.headers, rateLimitHeaders(info));
        return reply;
      }
      log.error('unexpected error while serving a request', {
        method: request.method,
        path,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return internalErrorReply();
    }
  }
  const serve = options.corsOrigins && options.corsOrigins.length > 0 ? withCors(options.corsOrigins, serveRequest) : serveRequest;

  async function handle(request: Request, connection: ConnectionInfo = {}): Promise<Response> {
    let rest: RestRequest;
    try {
      rest = fromFetchRequest(request, connection.clientAddress);
    } catch {
      return toResponse(jsonReply({ result: 'error', msg: 'Malformed request URL', code: 'BAD_REQUEST' }, 400));
    }
    try {
      return toResponse(await serve(rest));
    } finally {
      // A body nobody read (an answer given before reading it) is not drained: the adapter closes.
      if (request.body && !request.bodyUsed) void request.body.cancel().catch(() => undefined);
    }
  }
  return Object.assign(handle, { siteRoutes: SITE_ROUTES, serve });
}
