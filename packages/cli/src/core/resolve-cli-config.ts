import { isConfigError, type ExplicitConfig, type RequiredSetting, type ResolvedConfig } from '@teamchat/client-sdk';
import { resolveConfig } from '@teamchat/client-sdk/node';
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

/** How the CLI names each way to provide a value, in the order of precedence. */
const WAYS: Record<RequiredSetting, { what: string; flag: string; env: string; key: string }> = {
  apiKey: { what: 'API key', flag: '--api-key KEY', env: 'ZULIP_API_KEY', key: 'key=' },
  email: { what: 'email', flag: '--email EMAIL', env: 'ZULIP_EMAIL', key: 'email=' },
  site: { what: 'site', flag: '--site URL', env: 'ZULIP_SITE', key: 'site=' },
};

/** `a, b and c` (or `a, b or c`). */
function list(words: readonly string[], conjunction = 'and'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1) ?? ''}`;
}

/** The SDK's configuration failure in the CLI's words: flags instead of option names. */
function cliConfigError(error: unknown): CliError {
  if (!isConfigError(error)) return new CliError('config', messageOf(error), { cause: error });
  switch (error.reason) {
    case 'missing': {
      const ways = error.missing.map((key) => WAYS[key]);
      const fileNote =
        error.fileExists === false ? ' (it does not exist; --config FILE or ZULIP_CONFIG name another file)' : '';
      return new CliError(
        'config',
        `no ${list(
          ways.map((way) => way.what),
          'or',
        )} configured`,
        {
          hint:
            `pass ${list(ways.map((way) => way.flag))}, set ${list(ways.map((way) => way.env))}, ` +
            `or add ${list(ways.map((way) => way.key))} to the [api] section of ${error.fileLabel}${fileNote}`,
          cause: error,
        },
      );
    }
    case 'file-not-found':
      return new CliError(
        'config',
        `the zuliprc file given with --config does not exist: ${error.configFile ?? error.fileLabel}`,
        { cause: error },
      );
    case 'invalid-file':
      return new CliError('config', `invalid zuliprc file: ${messageOf(error)}`, { cause: error });
    case 'unreadable-file':
    case 'invalid-value':
      return new CliError('config', messageOf(error), { cause: error });
  }
}

/**
 * Resolves the site and credentials with the SDK's `resolveConfig`, like the official Python
 * client: command-line flags, then `ZULIP_EMAIL` / `ZULIP_API_KEY` / `ZULIP_SITE`, then the
 * `[api]` section of the zuliprc named by `--config`, `ZULIP_CONFIG`, or `~/.zuliprc`. A file
 * named with `--config` must exist. This adds only the CLI's wording.
 *
 * @throws {CliError} (config) naming the flag, variable and zuliprc key of every missing value.
 * @see https://zulip.com/api/configuring-python-bindings
 */
export function resolveCliConfig(input: CliConfigInput): ResolvedConfig {
  const { flags, env, homeDir } = input;
  const explicit: ExplicitConfig = {};
  if (flags.site !== undefined) explicit.site = flags.site;
  if (flags.email !== undefined) explicit.email = flags.email;
  if (flags.apiKey !== undefined) explicit.apiKey = flags.apiKey;
  try {
    return resolveConfig({
      options: explicit,
      env,
      homeDir,
      // An explicit flag naming nothing is a typo, even when other sources would suffice.
      ...(flags.config === undefined ? {} : { configFile: flags.config, requireConfigFile: true }),
    });
  } catch (error) {
    throw cliConfigError(error);
  }
}
