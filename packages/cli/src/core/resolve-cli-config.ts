import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseZuliprc, resolveClientConfig, type ExplicitConfig, type ResolvedConfig, type ZuliprcConfig } from '@teamchat/client-sdk';
import { CliError, messageOf } from './cli-error.js';

/** The connection flags of the command line (`--config`, `--site`, `--email`, `--api-key`). */
export interface ConnectionFlags {
  config?: string | undefined;
  site?: string | undefined;
  email?: string | undefined;
  apiKey?: string | undefined;
}

/** Inputs of {@link resolveCliConfig}. */
export interface CliConfigInput {
  flags: ConnectionFlags;
  /** The environment to read `ZULIP_*` from. */
  env: Readonly<Record<string, string | undefined>>;
  /** Home directory: where `~/.zuliprc` is, and what `~` means. */
  homeDir: string;
}

type Required = 'apiKey' | 'email' | 'site';

/** How the CLI names each way to provide a value, in the order of precedence. */
const WAYS: Record<Required, { what: string; flag: string; env: string; key: string }> = {
  apiKey: { what: 'API key', flag: '--api-key KEY', env: 'ZULIP_API_KEY', key: 'key=' },
  email: { what: 'email', flag: '--email EMAIL', env: 'ZULIP_EMAIL', key: 'email=' },
  site: { what: 'site', flag: '--site URL', env: 'ZULIP_SITE', key: 'site=' },
};

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return resolve(path);
}

/** `a, b and c` (or `a, b or c`). */
function list(words: readonly string[], conjunction = 'and'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1) ?? ''}`;
}

function readZuliprc(path: string): ZuliprcConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError('config', `cannot read the zuliprc file ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  try {
    return parseZuliprc(text, path);
  } catch (error) {
    const message = messageOf(error);
    throw new CliError('config', `invalid zuliprc file: ${message}`, { cause: error });
  }
}

/**
 * Resolves the site and credentials like the official Python client: command-line flags,
 * then `ZULIP_EMAIL` / `ZULIP_API_KEY` / `ZULIP_SITE`, then the `[api]` section of the
 * zuliprc named by `--config`, `ZULIP_CONFIG`, or `~/.zuliprc`. Precedence itself is the
 * SDK's `resolveClientConfig`; this adds the file reading and the CLI's wording.
 *
 * @throws {CliError} (config) naming the flag, variable and zuliprc key of every missing value.
 * @see shared/reference/users-channels-realm.md §2.4
 */
export function resolveCliConfig(input: CliConfigInput): ResolvedConfig {
  const { flags, env, homeDir } = input;
  const fromEnv = nonEmpty(env['ZULIP_CONFIG']);
  const named = flags.config ?? fromEnv;
  const path = named === undefined ? join(homeDir, '.zuliprc') : expandHome(named, homeDir);
  const fileExists = existsSync(path);
  if (flags.config !== undefined && !fileExists) {
    // An explicit flag naming nothing is a typo, even when other sources would suffice.
    throw new CliError('config', `the zuliprc file given with --config does not exist: ${path}`);
  }
  const fileLabel = named === undefined ? '~/.zuliprc' : flags.config !== undefined ? path : `${path} (ZULIP_CONFIG)`;
  const file = fileExists ? readZuliprc(path) : undefined;
  const explicit: ExplicitConfig = {};
  if (flags.site !== undefined) explicit.site = flags.site;
  if (flags.email !== undefined) explicit.email = flags.email;
  if (flags.apiKey !== undefined) explicit.apiKey = flags.apiKey;

  const missing = (Object.keys(WAYS) as Required[]).filter(
    (key) => explicit[key] === undefined && nonEmpty(env[WAYS[key].env]) === undefined && file?.[key] === undefined,
  );
  if (missing.length > 0) {
    const ways = missing.map((key) => WAYS[key]);
    const fileNote = fileExists ? '' : ' (it does not exist; --config FILE or ZULIP_CONFIG name another file)';
    throw new CliError('config', `no ${list(ways.map((way) => way.what), 'or')} configured`, {
      hint:
        `pass ${list(ways.map((way) => way.flag))}, set ${list(ways.map((way) => way.env))}, ` +
        `or add ${list(ways.map((way) => way.key))} to the [api] section of ${fileLabel}${fileNote}`,
    });
  }
  try {
    return resolveClientConfig({
      explicit,
      env,
      ...(file ? { file, configFile: path } : {}),
      fileLabel,
      fileExists,
    });
  } catch (error) {
    // The remaining checks are the TLS settings (ZULIP_ALLOW_INSECURE, client_cert_key).
    const message = messageOf(error);
    throw new CliError('config', message, { cause: error });
  }
}
