/** What secrets are replaced with. */
export const REDACTED = '[REDACTED]';

/** Parameter and field names whose values are secrets wherever they appear. */
const SECRET_NAMES = new Set(['api_key', 'key', 'password', 'old_password', 'new_password', 'token', 'authorization']);

/** Whether a parameter or field name holds a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase());
}

/**
 * Removes credentials from request and response details before they reach a hook, a log
 * or an error. Built once per client from the secrets it knows (the API key and the
 * Basic-auth token derived from it).
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

/** Creates a {@link Redactor} for the given secrets (empty strings are ignored). */
export function createRedactor(secrets: readonly string[]): Redactor {
  const known = secrets.filter((secret) => secret.length > 0);
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
        Object.entries(value).map(([name, field]) => [name, isSecretName(name) && field !== null ? REDACTED : json(field)]),
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
