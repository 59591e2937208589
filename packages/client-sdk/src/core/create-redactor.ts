import { basicAuthHeader } from '../internal/basic-auth.js';

/** What secrets are replaced with. */
export const REDACTED = '[REDACTED]';

/** Parameter, field and header names whose values are secrets wherever they appear. */
const SECRET_NAMES = new Set(['api_key', 'key', 'password', 'old_password', 'new_password', 'token', 'authorization']);

/**
 * Secrets shorter than this are not searched for in text. API keys are 32 characters and
 * Basic-auth tokens longer; replacing a 1- or 2-character "secret" (a placeholder key in a
 * test or a demo) would rewrite unrelated output, and a key that short protects nothing anyway.
 * Secret *names* (`password=…`) are redacted whatever the length of their value.
 */
const MIN_SECRET_LENGTH = 8;

/**
 * Whether a parameter, field or header name holds a secret (`api_key`, `key`, `password`,
 * `old_password`, `new_password`, `token`, `authorization`; any case).
 *
 * @example
 * isSecretName('new_password'); // true
 */
export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase());
}

/**
 * Removes credentials from request and response details before they reach a hook, a log
 * or an error. Built from the secrets it knows (the API key and the Basic-auth token derived
 * from it, see {@link credentialSecrets}).
 */
export interface Redactor {
  /** Replaces every occurrence of a known secret in `text`. */
  text(text: string): string;
  /** A form body or query string with secret parameters and known secrets replaced. */
  form(params: URLSearchParams): string;
  /** A URL with secret query parameters and known secrets replaced. */
  url(url: URL): string;
  /** A deep copy of a JSON value with secret fields and known secrets replaced. */
  json(value: unknown): unknown;
}

/**
 * Creates a {@link Redactor} for the given secrets (secrets shorter than 8 characters are
 * not searched for in text: see the comment on the limit).
 *
 * @example
 * const redactor = createRedactor(credentialSecrets(email, apiKey));
 * process.stderr.write(redactor.text(message));
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const known = secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  const text = (input: string): string => known.reduce((out, secret) => out.split(secret).join(REDACTED), input);
  const form = (params: URLSearchParams): string => {
    const copy = new URLSearchParams();
    for (const [name, value] of params) copy.append(name, isSecretName(name) ? REDACTED : value);
    // URL-encoding may hide a secret from a plain text search; redact both forms.
    return text(copy.toString());
  };
  const json = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(json);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([name, field]) => [
          name,
          isSecretName(name) && field !== null ? REDACTED : json(field),
        ]),
      );
    }
    return value;
  };
  const url = (input: URL): string => {
    const copy = new URL(input.href);
    copy.search = form(copy.searchParams);
    return text(copy.href);
  };
  return { text, form, url, json };
}

/**
 * The parameters of a call with the values of secret names ({@link isSecretName}) replaced by
 * `[REDACTED]`, at any depth: what a dry run or a log may print.
 *
 * @example
 * redactParams({ old_password: 'x', new_password: 'y', full_name: 'Ann' });
 * // { old_password: '[REDACTED]', new_password: '[REDACTED]', full_name: 'Ann' }
 */
export function redactParams(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return createRedactor([]).json(params) as Record<string, unknown>;
}

/**
 * The secrets of a set of credentials, for {@link createRedactor}: the API key and the token of
 * the `Authorization: Basic …` header derived from it.
 */
export function credentialSecrets(email: string, apiKey: string): string[] {
  return [apiKey, basicAuthHeader(email, apiKey).slice('Basic '.length)];
}
