import type { ClientOptions } from '../client/client-options.js';
import { createClient, type Client } from '../client/create-client.js';
import type { ExplicitConfig, ResolvedConfig } from '../config/resolve-client-config.js';
import { tlsWarning } from '../config/tls-warning.js';
import { resolveConfig } from './resolve-config.js';

/** Client options that may override what the environment and the zuliprc file say. */
export type ClientOverrides = Partial<ClientOptions> & Omit<ExplicitConfig, 'site' | 'email' | 'apiKey'>;

/**
 * Creates a client with the official Python client's precedence: `overrides`, then the
 * `ZULIP_*` environment variables, then the zuliprc file from `ZULIP_CONFIG` or
 * `~/.zuliprc`. Reads the file synchronously; makes no network request.
 *
 * @example
 * import { createClientFromEnv } from '@teamchat/client-sdk/node';
 * // ZULIP_SITE=chat.example.com ZULIP_EMAIL=bot@example.com ZULIP_API_KEY=… node bot.js
 * const client = createClientFromEnv({ timeoutMs: 30_000 });
 */
export function createClientFromEnv(overrides: ClientOverrides = {}): Client {
  return clientFrom(resolveConfig({ options: explicitOf(overrides), env: process.env }), overrides);
}

/**
 * Creates a client from a zuliprc file (`path`, default `ZULIP_CONFIG` or `~/.zuliprc`),
 * with `overrides` taking precedence. The `ZULIP_EMAIL`/`ZULIP_API_KEY`/`ZULIP_SITE`
 * variables are not consulted: use {@link createClientFromEnv} for the full Python order.
 *
 * @example
 * import { createClientFromZuliprc } from '@teamchat/client-sdk/node';
 * const client = createClientFromZuliprc('~/bots/welcome-bot.zuliprc');
 * const { members } = await client.users.list();
 */
export function createClientFromZuliprc(path?: string, overrides: ClientOverrides = {}): Client {
  const configFile = path ?? (process.env['ZULIP_CONFIG'] || undefined);
  return clientFrom(
    resolveConfig({ options: explicitOf(overrides), env: {}, ...(configFile === undefined ? {} : { configFile }) }),
    overrides,
  );
}

function explicitOf(overrides: ClientOverrides): ExplicitConfig {
  const keys = ['site', 'email', 'apiKey', 'insecure', 'certBundle', 'clientCert', 'clientCertKey'] as const;
  return Object.fromEntries(keys.filter((key) => overrides[key] !== undefined).map((key) => [key, overrides[key]]));
}

function clientFrom(config: ResolvedConfig, overrides: ClientOverrides): Client {
  const {
    insecure: _insecure,
    certBundle: _certBundle,
    clientCert: _clientCert,
    clientCertKey: _clientCertKey,
    ...options
  } = overrides;
  const warning = tlsWarning(config);
  if (warning !== undefined && options.fetch === undefined) {
    console.warn(
      `[teamchat-sdk] ${warning}. Pass a fetch with a configured dispatcher (see the README, "TLS options").`,
    );
  }
  return createClient({ ...options, site: config.site, email: config.email, apiKey: config.apiKey });
}
