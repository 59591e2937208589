import {
  API_PREFIX,
  ApiError,
  createRouteTable,
  decodeParams,
  FEATURE_LEVEL,
  hasEndpointAt,
  isFileParam,
  paramsAt,
  responseAt,
  unsupportedParamsAt,
  type Endpoint,
} from '@teamchat/schema';
import { MIB, maxUploadBytes, type Core, type RequestInfo } from '../core/index.js';
import { createTrpcHandler } from '../trpc/trpc-handler.js';
import { withCors } from './cors.js';
import { errorReply, internalErrorReply, jsonReply, successReply } from './envelope.js';
import { openApiSource } from './openapi.js';
import { pageTable } from './page-table.js';
import { readBody } from './read-body.js';
import { fromFetchRequest, toResponse, type RestReply, type RestRequest } from './rest-request.js';
import { createSiteRouter, type RouteInfo, type RouteRequest, type SiteRoute } from './site-router.js';
import { webAppRoutes, type StaticFiles } from './web-app.js';
import { checkCsrf, csrfCookie, CSRF_COOKIE, needsCsrfCheck, sessionRoutes, useSession } from './web-session.js';
import { readCookie } from './cookies.js';
import { journaled, journalRequest } from './journal-request.js';
import { type KeptReply, KeptReplies } from './kept-replies.js';

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
  /**
   * The web app's built files (`@teamchat/web`'s `dist/`, read through `staticFolder` of
   * `@teamchat/server/node`): served at `/` (and `/login/`, `/inspector/`, `/devlogin/` on a
   * development server) and `/static/`. Without them those paths are the 404 of any other.
   */
  webApp?: StaticFiles;
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
/** Where the web app calls the API (with its session). */
const JSON_PREFIX = '/json';
/** Where the OpenAPI document is served, below the API prefix. */
const OPENAPI_PATH = '/openapi.json';

/** What the core knows of a request; the abort signal is made only when read (a long poll). */
class RestRequestInfo implements RouteInfo {
  /** Null for the web app's requests: they are authenticated by their session only. */
  authorization: string | null;
  session: RequestInfo['session'] = undefined;
  journalId: number | undefined = undefined;
  callerId: number | null | undefined = undefined;
  journalParams: unknown = undefined;
  endpointName: string | undefined = undefined;
  readonly userAgent: string;
  readonly clientAddress: string | undefined;
  rateLimit: RequestInfo['rateLimit'] = undefined;
  clockRead: boolean | undefined = undefined;

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
  return {
    'x-ratelimit-limit': String(status.limit),
    'x-ratelimit-remaining': String(status.remaining),
    'x-ratelimit-reset': String(status.reset),
  };
}

/** Route lookups of exact method and path (no parameters to decode per request), bounded. */
const ROUTE_CACHE_SIZE = 512;

/**
 * The REST translation of the API, as one `(request: Request) => Promise<Response>` (and as
 * `serve` on a {@link RestRequest}): `/api/v1/...` through the contract table (route lookup,
 * wire decoding, the `{result, msg}` envelope, statuses), the OpenAPI document of those
 * contracts at `/api/v1/openapi.json` (public, like the real server's API docs), the same
 * router at `/trpc` for typed tRPC clients, and the pages of its page route table (`page-table.ts`). Every call
 * runs through the core (authentication, due jobs, transactions); this layer only speaks HTTP.
 * No request can make it throw: an unexpected exception is logged and answered with a 500
 * envelope.
 */
export function createRestHandler(core: Core, options: RestHandlerOptions = {}): RestHandler {
  const routes = createRouteTable(core.endpoints.values());
  const routeCache = new Map<string, ReturnType<typeof routes.match>>();
  const { log, config, journal } = core.services;
  const ordinaryLimit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const uploadEndpoints = new Set(
    [...core.endpoints.values()].filter((e) =>
      Object.values(e.params.shape).some((schema) => isFileParam(schema as never)),
    ),
  );
  // Read per request: the mock's settings change while it runs.
  const bodyLimit = (endpoint: Endpoint) =>
    uploadEndpoints.has(endpoint) ? maxUploadBytes(config) + MULTIPART_SLACK : ordinaryLimit;

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

  /** `/api/v1/…`: the API, authenticated by the `Authorization` header. */
  const api = (route: RouteRequest) => callEndpoint(route, API_PREFIX);

  /**
   * `/json/…`: the same contracts for the web app, authenticated by its session cookie; an
   * unsafe method needs the CSRF token (when a session, or an anonymous public call, would run).
   */
  async function json(route: RouteRequest): Promise<RestReply> {
    await useSession(core, route);
    return callEndpoint(route, JSON_PREFIX);
  }

  async function callEndpoint({ request, info }: RouteRequest, prefix: string): Promise<RestReply> {
    const path = request.path.slice(prefix.length);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (prefix === API_PREFIX && path === OPENAPI_PATH && method === 'GET') {
      const document = jsonReply(openApi(`${request.origin}${API_PREFIX}`));
      if (request.method === 'HEAD') document.body = null;
      return document;
    }
    const route = match(method, path);
    // A server answering as an older feature level has none of the endpoints added after it
    // (at `/json/` as at `/api/v1/`).
    const level = config.featureLevel;
    const older = level < FEATURE_LEVEL;
    const unknownAtLevel = older && route.kind === 'found' && !hasEndpointAt(route.endpoint, level);
    if (route.kind === 'found' && !unknownAtLevel) info.endpointName = route.endpoint.name;
    if (route.kind === 'not-found' || unknownAtLevel) {
      return jsonReply(
        { result: 'error', msg: `Unknown API endpoint: ${method} ${prefix}${path}`, code: 'BAD_REQUEST' },
        404,
      );
    }
    if (route.kind === 'method-not-allowed') {
      if (request.method === 'OPTIONS')
        return { status: 204, headers: { allow: route.allowed.join(', ') }, body: null };
      return jsonReply({ result: 'error', msg: 'Method Not Allowed', allowed_methods: route.allowed }, 405, {
        allow: route.allowed.join(', '),
      });
    }
    const access = route.endpoint.access;
    if (
      info.session !== undefined &&
      needsCsrfCheck(request) &&
      (info.session !== null || access === 'public' || access === 'optional')
    )
      checkCsrf(request);
    let ignored: readonly string[] = [];
    // The core checks credentials before the body is read, as the real server does.
    const result = await core.serve(route.endpoint, info, async () => {
      const body = await readBody(request, bodyLimit(route.endpoint));
      const query = request.query === '' ? null : new URLSearchParams(request.query);
      const wire = { path: route.pathParams, body: body.fields, query, files: body.files };
      if (!older) {
        const decoded = decodeParams(route.endpoint, wire);
        ignored = decoded.ignored;
        info.journalParams = decoded.params;
        return decoded.params;
      }
      // Parameters added after the level are unknown to it; values and keys it did not take are refused or dropped.
      const decoded = decodeParams(route.endpoint, wire, { unsupported: unsupportedParamsAt(route.endpoint, level) });
      ignored = decoded.ignored;
      const params = paramsAt(route.endpoint, level, decoded.params as Record<string, unknown>);
      info.journalParams = params;
      return params;
    });
    const fields = older ? responseAt(route.endpoint, level, result as Record<string, unknown>) : (result as object);
    const reply = successReply(fields, ignored, config.validateResponses);
    if (request.method === 'HEAD') reply.body = null;
    return reply;
  }

  /** tRPC reads bodies itself, without a limit: it gets the body already read under the ordinary one. */
  async function trpc({ request, info }: RouteRequest): Promise<RestReply> {
    const body = request.hasBody ? await request.readBytes(ordinaryLimit) : null;
    const response = await serveTrpc(request.toRequest(body), info);
    const headers = rateLimitHeaders(info);
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) };
  }

  const webApp = options.webApp ? webAppRoutes({ files: options.webApp, devMode: () => config.devMode }) : [];
  const router = createSiteRouter([
    ...pageTable({ core, api, json, trpc, maxBodyBytes: ordinaryLimit }),
    ...sessionRoutes(core, ordinaryLimit),
    ...webApp,
  ]);

  async function dispatch(request: RestRequest, info: RouteInfo): Promise<RestReply> {
    const reply = await router.dispatch(request, info);
    return reply ?? jsonReply({ result: 'error', msg: `Not found: ${request.path}`, code: 'BAD_REQUEST' }, 404);
  }

  const keptReplies = new KeptReplies(core);
  /** The contracts whose answers are kept (`HandlerOptions.keptAnswer`). */
  const keptEndpoints = new Set([...core.endpoints.values()].filter((e) => core.keepsAnswer(e)).map((e) => e.name));
  const API_PATHS = `${API_PREFIX}/`;

  /**
   * The kept reply of a GET request to the API (see {@link KeptReplies}), or null: the request
   * takes the ordinary path. Due jobs that start running send it that way too (it waits for
   * them); the rate limits count it as any other.
   */
  function keptReply(key: string, request: RestRequest, authorization: string | null, userAgent: string) {
    const kept = keptReplies.get(key);
    if (!kept || core.services.runDueJobs() !== null) return null;
    const reply = keptReplyOf(kept, request, authorization, userAgent);
    if (journal.recording) {
      const info = new RestRequestInfo(request);
      info.journalId = journal.reserve();
      info.callerId = kept.userId;
      info.endpointName = kept.endpoint;
      info.journalParams = kept.params;
      journalRequest(core, request, info, reply, { time: core.services.now(), started: performance.now() });
    }
    return reply;
  }

  /** The reply of `kept` to this request: the kept bytes once its rate limits allow it. */
  function keptReplyOf(
    kept: KeptReply,
    request: RestRequest,
    authorization: string | null,
    userAgent: string,
  ): RestReply {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (config.rateLimits) {
      const info: RequestInfo = { authorization, userAgent, clientAddress: request.clientAddress };
      try {
        core.countRequest(info, kept.userId);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const refused = errorReply(error);
        Object.assign(refused.headers, rateLimitHeaders(info));
        return refused;
      }
      Object.assign(headers, rateLimitHeaders(info));
    }
    return { status: 200, headers, body: kept.body };
  }

  async function serveRequest(request: RestRequest): Promise<RestReply> {
    const path = request.path;
    // A GET of the API may have its reply kept: given again at once, or kept once made.
    let keptKey: string | null = null;
    let version = 0;
    if (request.method === 'GET' && path.startsWith(API_PATHS)) {
      const authorization = request.header('authorization');
      const userAgent = request.header('user-agent') ?? '';
      keptKey = KeptReplies.key(path, request.query, authorization, userAgent);
      const kept = keptReply(keptKey, request, authorization, userAgent);
      if (kept) return kept;
      version = core.services.store.version;
    }
    const info = new RestRequestInfo(request);
    const api = path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${JSON_PREFIX}/`);
    // While the journal records, the request gets its id now: what it causes names it.
    const timing =
      journal.recording && journaled(path) ? { time: core.services.now(), started: performance.now() } : null;
    if (timing) info.journalId = journal.reserve();
    let reply: RestReply;
    try {
      reply = await dispatch(request, info);
      if (api) Object.assign(reply.headers, rateLimitHeaders(info));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (!apiError) {
        log.error('unexpected error while serving a request', {
          method: request.method,
          path,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
        const failed = internalErrorReply();
        if (timing) journalRequest(core, request, info, failed, timing);
        return failed;
      }
      // The web app's requests ask for a session, not Basic credentials (no browser login dialog).
      reply = errorReply(apiError, info.session === undefined ? 'basic' : 'session');
      Object.assign(reply.headers, rateLimitHeaders(info));
    }
    // Every HTML answer gives a visitor without one a CSRF token, for the forms of the web app.
    if (
      reply.headers['content-type']?.startsWith('text/html') &&
      readCookie(request, CSRF_COOKIE) === null &&
      !reply.cookies
    ) {
      reply.cookies = [csrfCookie(core)];
    }
    if (timing) journalRequest(core, request, info, reply, timing);
    if (
      keptKey !== null &&
      reply.status === 200 &&
      reply.body !== null &&
      info.endpointName !== undefined &&
      keptEndpoints.has(info.endpointName) &&
      !info.clockRead
    ) {
      const bytes = keptReplies.keep(keptKey, reply.body, version, {
        userId: info.callerId ?? null,
        endpoint: info.endpointName,
        params: info.journalParams,
      });
      if (bytes) reply.body = bytes;
    }
    return reply;
  }
  const serve =
    options.corsOrigins && options.corsOrigins.length > 0 ? withCors(options.corsOrigins, serveRequest) : serveRequest;

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
  return Object.assign(handle, { siteRoutes: router.siteRoutes, serve });
}
