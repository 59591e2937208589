import type { WireEndpoint } from '@teamchat/schema/wire';
import { applyPlugins, type ClientPlugin } from '../core/plugin.js';
import { apiBaseUrl, normalizeSite } from '../core/normalize-site.js';
import { SESSION_PREFIX, sessionHeaders } from '../core/browser-session.js';
import { createTransport } from '../core/transport.js';
import { basicAuthHeader } from '../internal/basic-auth.js';
import { createRedactor, credentialSecrets } from '../core/create-redactor.js';
import { ignoredParametersPlugin, warnIgnoredParameters } from '../plugins/ignored-parameters-plugin.js';
import { retryPlugin } from '../plugins/retry-plugin.js';
import { DEFAULT_USER_AGENT } from '../version.js';
import { buildNamespaces } from './build-namespaces.js';
import type { ClientOptions } from './client-options.js';
import type { EndpointNamespaces, RequestFunction, RequestOptions } from './endpoint-types.js';
import { createFeatureLevel, type FeatureLevelFunction } from './feature-level.js';
import { resolveEndpoint } from './resolve-endpoint.js';

/** Members of a client besides the generated area namespaces. */
export interface ClientCore {
  /** Calls any contract by name or contract object; what the area methods delegate to. */
  readonly request: RequestFunction;
  /** The server's feature level (GET /server_settings, fetched once on first use). */
  readonly featureLevel: FeatureLevelFunction;
  /** `<site>/api/v1` (`<site>/json` in browser-session mode). */
  readonly baseUrl: string;
}

/** A client: the core plus one namespace per API area (`client.users.list()`). */
export type Client = ClientCore & EndpointNamespaces;

const CORE_MEMBERS = ['request', 'featureLevel', 'baseUrl'] as const;
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Creates a typed client of the team chat API. No network I/O happens until a method is
 * called.
 *
 * @example
 * import { createClient } from '@teamchat/client-sdk';
 *
 * const client = createClient({ site: 'chat.example.com', email: 'bot@example.com', apiKey: process.env.API_KEY! });
 * const { members } = await client.users.list();
 * const { id } = await client.channels.create({ name: 'design', subscribers: [members[0]!.user_id] });
 */
export function createClient(options: ClientOptions): Client {
  const { email, apiKey } = options;
  if ((email === undefined) !== (apiKey === undefined)) {
    throw new TypeError(
      '[teamchat-sdk] createClient: pass both email and apiKey, or neither for anonymous calls to public endpoints.',
    );
  }
  const session = options.session === true ? {} : options.session || undefined;
  if (session && email !== undefined) {
    throw new TypeError(
      '[teamchat-sdk] createClient: a browser session (session) authenticates with its cookie; pass no email and apiKey with it.',
    );
  }
  const baseUrl = session ? `${normalizeSite(options.site)}${SESSION_PREFIX}` : apiBaseUrl(options.site);
  const authorization = email !== undefined && apiKey !== undefined ? basicAuthHeader(email, apiKey) : undefined;
  const redactor = createRedactor(email !== undefined && apiKey !== undefined ? credentialSecrets(email, apiKey) : []);
  const headers: Record<string, string> = { 'User-Agent': options.userAgent ?? DEFAULT_USER_AGENT };
  if (authorization) headers['Authorization'] = authorization;

  const transport = createTransport({
    baseUrl,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headers,
    redactor,
    hooks: {
      ...(options.hooks?.beforeRequest ? { beforeRequest: options.hooks.beforeRequest } : {}),
      ...(options.hooks?.afterResponse ? { afterResponse: options.hooks.afterResponse } : {}),
    },
    now: Date.now,
    ...(session ? { requestHeaders: sessionHeaders(session), credentials: 'same-origin' as const } : {}),
  });
  // Outermost first: user plugins (response validation among them) see each call once and
  // the final body; the ignored-parameters check reads it before validation could strip anything.
  const plugins: ClientPlugin[] = [...(options.plugins ?? [])];
  plugins.push(
    ignoredParametersPlugin({
      strict: options.strictParameters ?? false,
      onIgnoredParameters: options.hooks?.onIgnoredParameters ?? warnIgnoredParameters,
      redactor,
    }),
  );
  if (options.retry !== false)
    plugins.push(retryPlugin({ ...options.retry, sleep: options.retry?.sleep ?? options.sleep }));
  const send = applyPlugins(transport, plugins);

  const clientTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const call = async (
    target: string | WireEndpoint,
    params?: Record<string, unknown>,
    callOptions: RequestOptions = {},
  ) => {
    const endpoint = resolveEndpoint(target);
    const timeoutMs = callOptions.timeoutMs ?? clientTimeout;
    const result = await send({
      endpoint,
      params: params ?? {},
      signal: callOptions.signal,
      timeoutMs: timeoutMs === false ? undefined : timeoutMs,
      attempt: 1,
    });
    return result.data;
  };
  const request = call as RequestFunction;
  const core: ClientCore = { request, featureLevel: createFeatureLevel(request), baseUrl };
  return Object.freeze({ ...buildNamespaces(call, CORE_MEMBERS), ...core });
}
