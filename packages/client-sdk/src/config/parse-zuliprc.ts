/** The `[api]` section of a zuliprc file, in the SDK's names. */
export interface ZuliprcConfig {
  email?: string;
  /** `key=`. */
  apiKey?: string;
  site?: string;
  /** `insecure=`: skip TLS certificate checks (only `true`/`false` accepted, as in the Python client). */
  insecure?: boolean;
  /** `cert_bundle=`: CA bundle to trust. */
  certBundle?: string;
  /** `client_cert=`: TLS client certificate. */
  clientCert?: string;
  /** `client_cert_key=`: key of the client certificate. */
  clientCertKey?: string;
  /** `token=`: the service token in outgoing-webhook bots' files. */
  token?: string;
}

/** Sections of an INI file: section name → lower-cased key → value. */
export type IniSections = Record<string, Record<string, string>>;

/**
 * Parses INI text the way Python's `configparser` reads a zuliprc: `[section]` headers,
 * `key = value` or `key: value`, `#` and `;` comment lines, indented continuation lines,
 * keys case-insensitive; inline comments are part of the value.
 *
 * @throws {SyntaxError} naming `source` and the line, for text configparser also rejects.
 */
export function parseIni(text: string, source = 'zuliprc'): IniSections {
  const sections: IniSections = {};
  let section: Record<string, string> | undefined;
  let lastKey: string | undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    const fail = (what: string): never => {
      throw new SyntaxError(`[teamchat-sdk] ${source} line ${index + 1}: ${what}`);
    };
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) {
      if (trimmed === '') lastKey = undefined;
      return;
    }
    if (/^\s/.test(line) && section && lastKey !== undefined) {
      section[lastKey] = `${section[lastKey] ?? ''}\n${trimmed}`;
      return;
    }
    const header = /^\[(.+)\]$/.exec(trimmed);
    if (header) {
      const name = (header[1] ?? '').trim();
      if (Object.hasOwn(sections, name)) fail(`section [${name}] appears twice`);
      section = sections[name] = {};
      lastKey = undefined;
      return;
    }
    if (!section) return fail('expected a [section] header (zuliprc files start with [api])');
    const delimiter = /[=:]/.exec(trimmed);
    if (!delimiter) return fail(`expected 'key = value'; ${describeLineWithoutDelimiter(trimmed)}`);
    const key = trimmed.slice(0, delimiter.index).trim().toLowerCase();
    if (key === '') return fail('missing key before the delimiter');
    if (Object.hasOwn(section, key)) fail(`key '${key}' appears twice in the same section`);
    section[key] = trimmed.slice(delimiter.index + 1).trim();
    lastKey = key;
  });
  return sections;
}

/**
 * Names a line that lacks `=` and `:` without echoing it: in `key ZQ8…` the rest of the line
 * is an API key. The first word is named only when more words follow (then it is the
 * intended key name); a lone word may be a secret pasted on its own line.
 */
function describeLineWithoutDelimiter(line: string): string {
  const words = line.split(/\s+/);
  const first = words[0] ?? '';
  if (words.length > 1 && /^[\w.-]{1,30}$/.test(first))
    return `the line starting with '${first}' has no '=' or ':' (the rest is not shown)`;
  return "the line has no '=' or ':' (its text is not shown)";
}

/**
 * Reads the `[api]` section of a zuliprc file (`email`, `key`, `site`, `insecure`,
 * `cert_bundle`, `client_cert`, `client_cert_key`, `token`). Platform-neutral: it takes the
 * text; `@teamchat/client-sdk/node` reads the file.
 *
 * @example
 * parseZuliprc('[api]\nemail=bot@example.com\nkey=abc\nsite=chat.example.com\n')
 * // → { email: 'bot@example.com', apiKey: 'abc', site: 'chat.example.com' }
 * @see https://zulip.com/api/configuring-python-bindings
 */
export function parseZuliprc(text: string, source = 'zuliprc'): ZuliprcConfig {
  const api = parseIni(text, source)['api'] ?? {};
  const config: ZuliprcConfig = {};
  const copy = (from: string, to: Exclude<keyof ZuliprcConfig, 'insecure'>): void => {
    const value = api[from];
    if (value !== undefined) config[to] = value;
  };
  copy('email', 'email');
  copy('key', 'apiKey');
  copy('site', 'site');
  copy('cert_bundle', 'certBundle');
  copy('client_cert', 'clientCert');
  copy('client_cert_key', 'clientCertKey');
  copy('token', 'token');
  if (api['insecure'] !== undefined) {
    config.insecure = parseStrictBoolean(api['insecure'], `insecure in the [api] section of ${source}`);
  }
  return config;
}

/**
 * `true`/`false` (any case) and nothing else, so that a typo never turns certificate
 * checks off by accident (the Python client's rule).
 */
function parseStrictBoolean(value: string, what: string): boolean {
  const parsed = strictBoolean(value);
  if (parsed === undefined) throw new TypeError(`[teamchat-sdk] ${what} is '${value}'; it must be 'true' or 'false'`);
  return parsed;
}

/** `true`/`false` (any case, surrounding spaces ignored), or `undefined` for anything else. */
export function strictBoolean(value: string): boolean | undefined {
  const normalized = value.trim().toLowerCase();
  if (normalized === 'true') return true;
  if (normalized === 'false') return false;
  return undefined;
}
