import { createClient, isApiError, type Client, type ClientOptions } from '@teamchat/client-sdk';
import type {
  Db,
  DemoAccount,
  DemoRole,
  OperatorAnswer,
  OperatorRequest,
  PushBouncer,
  ServerConfig,
  Store,
} from '@teamchat/server';
import type { MockClock } from '@teamchat/mock';
import type { FakeIntegration } from '../../test-support/fake-integration.js';

/** Which target a scenario runs against. */
export type TargetName = 'server' | 'mock';

/** What a scenario gets: SDK clients for the demo accounts, raw HTTP, the clock, the store. */
export interface ScenarioContext {
  target: TargetName;
  /** Where clients send requests. */
  site: string;
  accounts: Readonly<Record<DemoRole, DemoAccount>>;
  /** An SDK client of a demo account, or an anonymous one for `null`. */
  client(role: DemoRole | null, options?: Partial<ClientOptions>): Client;
  /** A client for any credentials (accounts created during the scenario). */
  clientFor(email: string, apiKey: string): Client;
  /** A raw request to `/api/v1<path>`, for wire-level checks (headers, statuses, encodings). */
  raw(method: string, path: string, options?: RawOptions): Promise<RawResponse>;
  /** A GET or HEAD of a site path outside `/api/v1` (uploaded files at `/user_uploads/…`), with Basic auth of `role`. */
  download(path: string, options?: DownloadOptions): Promise<Download>;
  clock: MockClock;
  /** The target's store, read-only by convention (confirmation links, internal state). */
  store: Store<Db>;
  /** An integration's server on a loopback port (outgoing-webhook bots POST to it), fresh per run. */
  integration: FakeIntegration;
  /** Resolves once the target's outbox has nothing running or due (outgoing webhooks, push). */
  settle(): Promise<void>;
  /** The target's push bouncer (a local one over HTTP for the server, in memory for the mock). */
  bouncer: PushBouncer;
  /** Takes the push bouncer off the network: the server's connections to it fail from now on. */
  stopBouncer(): Promise<void>;
  /**
   * Runs an operator's request on the target's core, as `teamchat-server <command>` does over
   * the running server's control channel (`deactivate-organization`, `change-user-role`, …).
   */
  operator(request: OperatorRequest): Promise<OperatorAnswer>;
}

/** Options of {@link ScenarioContext.raw}. */
export interface RawOptions {
  role?: DemoRole;
  auth?: { email: string; apiKey: string } | string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** A body sent as is (overrides `params`); a GET or HEAD has none (raw() throws). */
  body?: string | FormData | Uint8Array<ArrayBuffer>;
}

/** Options of {@link ScenarioContext.download}. */
export interface DownloadOptions {
  role?: DemoRole;
  auth?: { email: string; apiKey: string } | string;
  method?: 'GET' | 'HEAD';
}

/** A downloaded file: status, the headers that describe it, and its body as text. */
export interface Download {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** A raw response. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** A scenario: a plain async function over a context; what it returns is compared across targets. */
export interface Scenario {
  name: string;
  run(ctx: ScenarioContext): Promise<unknown>;
  /** Server settings both targets run this scenario with (e.g. a small delete_topic batch). */
  config?: Partial<ServerConfig>;
}

/** Declares a scenario. */
export function scenario(
  name: string,
  run: (ctx: ScenarioContext) => Promise<unknown>,
  options: { config?: Partial<ServerConfig> } = {},
): Scenario {
  return { name, run, ...options };
}

/** The outcome of a call, as data: the result, or the API error's code, msg, status and extra fields. */
export type Outcome<T> =
  { ok: T } | { error: { code: string; msg: string; status: number; extra: Record<string, unknown> } };

/** Runs `promise` and records its result or its `ApiError` (other errors are rethrown). */
export async function outcome<T>(promise: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: await promise };
  } catch (error) {
    if (isApiError(error))
      return { error: { code: error.code, msg: error.msg, status: error.status, extra: error.extra } };
    throw error;
  }
}

/** The `ApiError` of a call that must fail. */
export async function failure(
  promise: Promise<unknown>,
): Promise<{ code: string; msg: string; status: number; extra: Record<string, unknown> }> {
  const result = await outcome(promise);
  if ('ok' in result) throw new Error(`expected an API error, got ${JSON.stringify(result.ok).slice(0, 300)}`);
  return result.error;
}

/** The `Authorization` header of a raw request: a demo role's credentials, given ones, or a raw header value. */
function authorizationOf(
  accounts: Readonly<Record<DemoRole, DemoAccount>>,
  request: { role?: DemoRole | undefined; auth?: { email: string; apiKey: string } | string | undefined },
): Record<string, string> {
  const auth = request.role ? accounts[request.role] : request.auth;
  if (typeof auth === 'string') return { authorization: auth };
  return auth ? { authorization: `Basic ${btoa(`${auth.email}:${auth.apiKey}`)}` } : {};
}

/** The headers `names` of `response` that it has. */
function pickHeaders(response: Response, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = response.headers.get(name);
    if (value !== null) picked[name] = value;
  }
  return picked;
}

/** Builds the context of one target. */
export function makeContext(options: {
  target: TargetName;
  site: string;
  accounts: Record<DemoRole, DemoAccount>;
  clock: MockClock;
  store: Store<Db>;
  integration: FakeIntegration;
  settle(): Promise<void>;
  bouncer: PushBouncer;
  stopBouncer(): Promise<void>;
  operator(request: OperatorRequest): Promise<OperatorAnswer>;
}): ScenarioContext {
  const base: Partial<ClientOptions> = { retry: false, hooks: { onIgnoredParameters: () => {} } };
  const clientFor = (email: string, apiKey: string, extra: Partial<ClientOptions> = {}) =>
    createClient({ ...base, ...extra, site: options.site, email, apiKey });
  return {
    ...options,
    client(role, extra = {}) {
      if (role === null) return createClient({ ...base, ...extra, site: options.site });
      const account = options.accounts[role];
      return clientFor(account.email, account.apiKey, extra);
    },
    clientFor: (email, apiKey) => clientFor(email, apiKey),
    async raw(method, path, raw = {}) {
      const url = new URL(`${options.site}/api/v1${path}`);
      const headers: Record<string, string> = { ...raw.headers, ...authorizationOf(options.accounts, raw) };
      let body: string | FormData | Uint8Array<ArrayBuffer> | undefined = raw.body;
      if (method === 'GET' || method === 'HEAD') {
        // fetch refuses a body on these methods; say which scenario call is wrong instead.
        if (body !== undefined) throw new Error(`raw(${method} ${path}): a ${method} request has no body; pass params`);
        for (const [k, v] of Object.entries(raw.params ?? {})) url.searchParams.set(k, v);
      } else if (body === undefined && raw.params) {
        body = new URLSearchParams(raw.params).toString();
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
      const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return {
        status: response.status,
        headers: pickHeaders(response, [
          'www-authenticate',
          'retry-after',
          'allow',
          'content-type',
          'x-ratelimit-reset',
        ]),
        body: parsed,
      };
    },
    async download(path, download = {}) {
      const headers = authorizationOf(options.accounts, download);
      const response = await fetch(new URL(path, options.site), { method: download.method ?? 'GET', headers });
      const described = pickHeaders(response, [
        'content-type',
        'content-length',
        'content-disposition',
        'x-content-type-options',
        'cache-control',
      ]);
      return { status: response.status, headers: described, text: await response.text() };
    },
  };
}
