import {
  createClient,
  credentialSecrets,
  isNetworkError,
  tlsWarning,
  type Client,
  type ClientHooks,
  type ClientPlugin,
  type ConfigSource,
  type NetworkError,
  type ResolvedConfig,
} from '@teamchat/client-sdk';
import { CLI_USER_AGENT } from '../version.js';
import type { GlobalOptions, Output } from './global-options.js';
import { CliError, messageOf, summaryOf } from './cli-error.js';
import { resolveCliConfig } from './resolve-cli-config.js';

/** Inputs of {@link createCliClient}. */
export interface CliClientOptions {
  globals: GlobalOptions;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  /** Redacted stderr, for `--verbose`, retries and warnings. */
  stderr: Output;
  /** Registers a credential to redact from stderr. */
  addSecret: (secret: string) => void;
  fetch?: typeof globalThis.fetch;
}

const SOURCE_NAMES: Record<ConfigSource, string> = { options: 'flag', env: 'env', file: 'file' };

function describeConfig(config: ResolvedConfig): string {
  const { sources } = config;
  const file = config.configFile === undefined ? 'no zuliprc file' : `zuliprc ${config.configFile}`;
  return (
    `# config: ${file}; site ${config.site} (${SOURCE_NAMES[sources.site]}), email ${config.email} (${SOURCE_NAMES[sources.email]}), ` +
    `API key (${SOURCE_NAMES[sources.apiKey]})\n`
  );
}

/** Where the site came from, for hints: `--site`, `ZULIP_SITE`, or `site= in <zuliprc>`. */
function siteSource(config: ResolvedConfig): string {
  return config.sources.site === 'options'
    ? '--site'
    : config.sources.site === 'env'
      ? 'ZULIP_SITE'
      : `site= in ${config.configFile ?? 'the zuliprc file'}`;
}

/** A connection the server's address refused: nothing listens there. */
function isRefused(error: unknown): error is NetworkError {
  return isNetworkError(error) && error.code === 'ECONNREFUSED';
}

/**
 * A refused connection fails the command at once (no retries: nothing listens at the address,
 * and waiting would not change that while a person waits), saying what was tried and where
 * the address came from.
 */
function refusedConnectionPlugin(config: ResolvedConfig): ClientPlugin {
  return (next) => async (context) => {
    try {
      return await next(context);
    } catch (error) {
      if (!isRefused(error)) throw error;
      const { origin } = new URL(error.request.url);
      throw new CliError(
        'network',
        `connection refused at ${origin} (tried ${error.request.method} ${error.request.url})`,
        {
          hint: `is the server running, on that address? The site came from ${siteSource(config)}${config.sources.site === 'file' ? ' (teamchat-server rewrites the zuliprc files it wrote when it restarts on another port)' : ''}`,
          cause: error,
        },
      );
    }
  };
}

function verboseHooks(write: (text: string) => void): ClientHooks {
  return {
    // The SDK hands hooks redacted requests: `Authorization: Basic [REDACTED]`, secret params replaced.
    beforeRequest: (request) => {
      write(`> ${request.method} ${request.url}${request.attempt > 1 ? ` (attempt ${request.attempt})` : ''}\n`);
      if (request.body !== undefined && request.body !== '') write(`> ${request.body}\n`);
    },
    afterResponse: (response) => {
      write(`< ${response.status} ${response.request.method} ${response.request.path}\n`);
    },
  };
}

/**
 * Creates the SDK client of a run from the global options: resolves the configuration
 * (flags > `ZULIP_*` > zuliprc), registers the credentials for redaction, and wires
 * `--verbose`, `--timeout` and `--retries` into the client.
 *
 * @throws {CliError} (config) when the configuration is missing or the site is not a URL.
 */
export function createCliClient(options: CliClientOptions): Client {
  const { globals, stderr } = options;
  const write = (text: string): void => {
    stderr.write(text);
  };
  const config = resolveCliConfig({ flags: globals, env: options.env, homeDir: options.homeDir });
  for (const secret of credentialSecrets(config.email, config.apiKey)) options.addSecret(secret);
  if (globals.verbose) write(describeConfig(config));
  const warning = tlsWarning(config);
  if (warning !== undefined) write(`warning: ${warning}\n`);
  try {
    return createClient({
      site: config.site,
      email: config.email,
      apiKey: config.apiKey,
      userAgent: CLI_USER_AGENT,
      timeoutMs: Math.round(globals.timeout * 1000),
      // Only reads are repeated after a failure: a write that failed mid-flight may have
      // happened. Rate-limited requests (429) are retried whatever the method, within the same
      // --retries budget, after the server's retry-after (over 5 minutes: no retry).
      retry: {
        maxAttempts: globals.retries + 1,
        methods: ['GET'],
        shouldRetry: ({ error }) => !isRefused(error),
        onRetry: (info) => {
          const reason = summaryOf(info.error);
          write(
            `note: ${reason}; retrying in ${(info.delayMs / 1000).toFixed(1)} s (attempt ${info.attempt + 1} of ${globals.retries + 1})\n`,
          );
        },
      },
      hooks: {
        ...(globals.verbose ? verboseHooks(write) : {}),
        onIgnoredParameters: (names, request) => {
          write(
            `warning: ${request.method} ${request.path}: the server ignored unsupported parameters ${names.join(', ')}\n`,
          );
        },
      },
      plugins: [refusedConnectionPlugin(config)],
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  } catch (error) {
    const message = messageOf(error);
    throw new CliError('config', message, {
      hint: `the site came from ${siteSource(config)}`,
      cause: error,
    });
  }
}
