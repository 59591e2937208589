import { ConfigError, type RequiredSetting } from '../errors/config-error.js';
import { strictBoolean, type ZuliprcConfig } from './parse-zuliprc.js';

/** Connection settings given in code (the highest precedence). */
export interface ExplicitConfig {
  site?: string;
  email?: string;
  apiKey?: string;
  insecure?: boolean;
  certBundle?: string;
  clientCert?: string;
  clientCertKey?: string;
}

/** Where a resolved value came from. */
export type ConfigSource = 'options' | 'env' | 'file';

/** Connection settings after applying the precedence rules. */
export interface ResolvedConfig {
  site: string;
  email: string;
  apiKey: string;
  /** TLS settings: not applied by the fetch-based client (see the README). */
  insecure?: boolean;
  certBundle?: string;
  clientCert?: string;
  clientCertKey?: string;
  /** Where `site`, `email` and `apiKey` came from. */
  sources: { site: ConfigSource; email: ConfigSource; apiKey: ConfigSource };
  /** The zuliprc file that was read, if any. */
  configFile?: string;
}

/** Inputs of {@link resolveClientConfig}; the caller reads the environment and the file. */
export interface ConfigLayers {
  explicit?: ExplicitConfig;
  /** `ZULIP_*` variables. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The parsed zuliprc file, if one exists. */
  file?: ZuliprcConfig;
  /** How to name the zuliprc file in messages (`~/.zuliprc`, a path). */
  fileLabel?: string;
  /** Whether the zuliprc file was found (for messages). */
  fileExists?: boolean;
  configFile?: string;
}

const ENV = {
  site: 'ZULIP_SITE',
  email: 'ZULIP_EMAIL',
  apiKey: 'ZULIP_API_KEY',
  certBundle: 'ZULIP_CERT_BUNDLE',
  clientCert: 'ZULIP_CERT',
  clientCertKey: 'ZULIP_CERT_KEY',
} as const;

const FILE_KEY = { site: 'site', email: 'email', apiKey: 'key' } as const;
const WHAT = { site: 'site', email: 'email', apiKey: 'API key' } as const;

/** `a, b and c` (or `a, b or c`). */
function list(words: readonly string[], conjunction: 'and' | 'or'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1) ?? ''}`;
}

/**
 * Applies the official Python client's precedence: explicit options, then the `ZULIP_*`
 * environment variables, then the zuliprc file. Empty environment variables count as unset.
 *
 * @throws {ConfigError} `missing`, naming every way to provide each missing `site`, `email`
 *   or `apiKey`; `invalid-value` for a `ZULIP_ALLOW_INSECURE` other than true/false or a
 *   `client_cert_key` without `client_cert`.
 */
export function resolveClientConfig(layers: ConfigLayers): ResolvedConfig {
  const explicit = layers.explicit ?? {};
  const env = layers.env ?? {};
  const file = layers.file ?? {};
  const label = layers.fileLabel ?? '~/.zuliprc';
  const fileDetails = { configFile: layers.configFile, fileLabel: label, fileExists: layers.fileExists };
  const fromEnv = (name: string): string | undefined => (env[name] === '' ? undefined : env[name]);
  const pick = <K extends keyof typeof ENV>(key: K): { value: string; source: ConfigSource } | undefined => {
    const explicitValue = explicit[key];
    if (explicitValue !== undefined) return { value: explicitValue, source: 'options' };
    const envValue = fromEnv(ENV[key]);
    if (envValue !== undefined) return { value: envValue, source: 'env' };
    const fileValue = file[key];
    return fileValue === undefined ? undefined : { value: fileValue, source: 'file' };
  };
  // The API key first: it is the value people most often forget.
  const required = { apiKey: pick('apiKey'), email: pick('email'), site: pick('site') };
  const missing = (Object.keys(required) as RequiredSetting[]).filter((key) => required[key] === undefined);
  if (required.apiKey === undefined || required.email === undefined || required.site === undefined) {
    const missingFile = layers.fileExists === false ? ` (${label} does not exist)` : '';
    throw new ConfigError(
      'missing',
      `[teamchat-sdk] No ${list(
        missing.map((key) => WHAT[key]),
        'or',
      )}: pass ${list(missing, 'and')}, ` +
        `set ${list(
          missing.map((key) => ENV[key]),
          'and',
        )}, or add ${list(
          missing.map((key) => `${FILE_KEY[key]}=`),
          'and',
        )} ` +
        `to the [api] section of ${label}${missingFile}`,
      { ...fileDetails, missing },
    );
  }
  const { apiKey, email, site } = required;
  const resolved: ResolvedConfig = {
    site: site.value,
    email: email.value,
    apiKey: apiKey.value,
    sources: { site: site.source, email: email.source, apiKey: apiKey.source },
  };
  const envInsecure = fromEnv('ZULIP_ALLOW_INSECURE');
  const envInsecureValue = envInsecure === undefined ? undefined : strictBoolean(envInsecure);
  if (envInsecure !== undefined && envInsecureValue === undefined) {
    throw new ConfigError(
      'invalid-value',
      `[teamchat-sdk] The ZULIP_ALLOW_INSECURE environment variable is '${envInsecure}'; it must be 'true' or 'false'`,
      fileDetails,
    );
  }
  const insecure = explicit.insecure ?? envInsecureValue ?? file.insecure;
  if (insecure !== undefined) resolved.insecure = insecure;
  for (const key of ['certBundle', 'clientCert', 'clientCertKey'] as const) {
    const value = pick(key)?.value;
    if (value !== undefined) resolved[key] = value;
  }
  if (resolved.clientCertKey !== undefined && resolved.clientCert === undefined) {
    throw new ConfigError(
      'invalid-value',
      '[teamchat-sdk] client_cert_key is set but client_cert is not; set both or neither',
      fileDetails,
    );
  }
  if (layers.configFile !== undefined) resolved.configFile = layers.configFile;
  return resolved;
}
