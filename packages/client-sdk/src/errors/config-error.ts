/** A connection setting every client needs. */
export type RequiredSetting = 'site' | 'email' | 'apiKey';

/**
 * Why the connection settings could not be resolved:
 * - `missing`: `site`, `email` or `apiKey` is set nowhere (`missing` lists them);
 * - `file-not-found`: the zuliprc file must exist (`requireConfigFile`) and does not;
 * - `unreadable-file`: the zuliprc file exists but cannot be read;
 * - `invalid-file`: the zuliprc file is not INI, or holds an invalid value (`insecure=yes`);
 * - `invalid-value`: an invalid `ZULIP_ALLOW_INSECURE`, or `client_cert_key` without `client_cert`.
 */
export type ConfigErrorReason = 'missing' | 'file-not-found' | 'unreadable-file' | 'invalid-file' | 'invalid-value';

/** Details of a {@link ConfigError}. */
export interface ConfigErrorDetails {
  /** For `missing`: the settings found nowhere, API key first. */
  missing?: readonly RequiredSetting[];
  /** The zuliprc file concerned (its full path), when one is. */
  configFile?: string | undefined;
  /** How messages name the zuliprc file: `~/.zuliprc`, or the name it was given. */
  fileLabel?: string;
  /** Whether the zuliprc file exists, when it was looked for. */
  fileExists?: boolean | undefined;
  cause?: unknown;
}

/**
 * The connection settings (site, email, API key, TLS options) cannot be resolved from the
 * options, the `ZULIP_*` variables and the zuliprc file. `reason` tells the cases apart, and
 * `missing` lists what to provide, so that tools can word the fix their own way.
 *
 * @example
 * try { createClientFromEnv(); } catch (error) {
 *   if (isConfigError(error) && error.reason === 'missing') console.error('set', error.missing.join(', '));
 * }
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly reason: ConfigErrorReason;
  /** The settings found nowhere (empty unless `reason` is `missing`). */
  readonly missing: readonly RequiredSetting[];
  /** The zuliprc file concerned (its full path), when one is. */
  readonly configFile: string | undefined;
  /** How messages name the zuliprc file (`~/.zuliprc`, or the name it was given). */
  readonly fileLabel: string;
  /** Whether the zuliprc file exists, when it was looked for. */
  readonly fileExists: boolean | undefined;

  /** `message` is the full message, `[teamchat-sdk]` tag included. */
  constructor(reason: ConfigErrorReason, message: string, details: ConfigErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.reason = reason;
    this.missing = details.missing ?? [];
    this.configFile = details.configFile;
    this.fileLabel = details.fileLabel ?? '~/.zuliprc';
    this.fileExists = details.fileExists;
  }
}

/** Whether `error` is a {@link ConfigError} (also across copies of the package). */
export function isConfigError(error: unknown): error is ConfigError {
  return error instanceof ConfigError || (error instanceof Error && error.name === 'ConfigError' && 'reason' in error);
}
