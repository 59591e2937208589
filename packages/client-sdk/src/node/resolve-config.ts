import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseZuliprc, type ZuliprcConfig } from '../config/parse-zuliprc.js';
import { resolveClientConfig, type ExplicitConfig, type ResolvedConfig } from '../config/resolve-client-config.js';
import { ConfigError } from '../errors/config-error.js';

/** Options of {@link resolveConfig}. */
export interface ResolveConfigOptions {
  /** Values given in code; they win over everything else. */
  options?: ExplicitConfig;
  /** Environment to read `ZULIP_*` from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** zuliprc path. Default: `ZULIP_CONFIG` from `env`, else `~/.zuliprc`. A leading `~/` is expanded. */
  configFile?: string;
  /**
   * Fail (`ConfigError` `file-not-found`) when the zuliprc file does not exist, even if the
   * other sources provide everything: for a file the user named explicitly, where a missing
   * file is a typo. Default `false`.
   */
  requireConfigFile?: boolean;
  /** Home directory for `~`. Default `os.homedir()`. */
  homeDir?: string;
}

/**
 * Resolves connection settings like the official Python client: explicit options, then
 * `ZULIP_EMAIL` / `ZULIP_API_KEY` / `ZULIP_SITE` (and the TLS variables), then the `[api]`
 * section of the zuliprc file named by `configFile`, `ZULIP_CONFIG` or `~/.zuliprc`.
 *
 * @example
 * import { resolveConfig } from '@teamchat/client-sdk/node';
 * const config = resolveConfig({ options: { site: 'localhost:9991' } });
 * console.log(`using ${config.email} at ${config.site} (key from ${config.sources.apiKey})`);
 * @throws {ConfigError} when `site`, `email` or `apiKey` is missing everywhere (`missing`,
 *   naming each way to set it), or the zuliprc file cannot be read or parsed.
 * @see https://zulip.com/api/configuring-python-bindings
 */
export function resolveConfig(options: ResolveConfigOptions = {}): ResolvedConfig {
  const env = options.env ?? process.env;
  const home = options.homeDir ?? homedir();
  const named = options.configFile ?? (env['ZULIP_CONFIG'] || undefined);
  const path = named === undefined ? join(home, '.zuliprc') : expandHome(named, home);
  const fileLabel = named === undefined ? '~/.zuliprc' : named;
  const fileExists = existsSync(path);
  if (!fileExists && options.requireConfigFile) {
    throw new ConfigError('file-not-found', `[teamchat-sdk] The zuliprc file ${path} does not exist`, {
      configFile: path,
      fileLabel,
      fileExists,
    });
  }
  const file = fileExists ? readZuliprc(path, fileLabel) : undefined;
  return resolveClientConfig({
    ...(options.options ? { explicit: options.options } : {}),
    env,
    ...(file ? { file, configFile: path } : {}),
    fileLabel,
    fileExists,
  });
}

function readZuliprc(path: string, fileLabel: string): ZuliprcConfig {
  const details = { configFile: path, fileLabel, fileExists: true };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError('unreadable-file', `[teamchat-sdk] Cannot read the zuliprc file ${path}: ${reason}`, {
      ...details,
      cause: error,
    });
  }
  try {
    return parseZuliprc(text, path);
  } catch (error) {
    // parseZuliprc names the file and the line already.
    throw new ConfigError('invalid-file', error instanceof Error ? error.message : String(error), {
      ...details,
      cause: error,
    });
  }
}

function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return resolve(path);
}
