import { endpointList, incomingEndpoints, wireKindOf, type Endpoint, type HttpMethod } from '@teamchat/schema';
import { CliError } from './cli-error.js';
import { didYouMean } from './close-matches.js';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PATCH', 'DELETE'];
const API_PREFIX = /^\/api\/v1(?=\/)/;

/** An endpoint picked on the command line, with what its spelling already said. */
export interface FoundEndpoint {
  endpoint: Endpoint;
  /** Path parameters read from a concrete path (`GET /users/5` → `{ user_id: '5' }`), URL-decoded. */
  pathValues: Record<string, string>;
  /** `NAME=VALUE` pairs from a query string in the path (`GET /users?user_ids=[1]`). */
  queryValues: [string, string][];
}

function isMethod(text: string): text is HttpMethod {
  return (METHODS as readonly string[]).includes(text);
}

function templatePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{([a-z_]+)\}/g, '(?<$1>[^/]+)')}$`);
}

/** Whether each path value decodes to a value of its parameter (the codec's reading of wire text). */
function pathValuesFit(endpoint: Endpoint, values: Readonly<Record<string, string>>): boolean {
  // Contracts are classic zod objects, so each field schema has safeParse.
  const shape = endpoint.params.shape as unknown as Record<string, { safeParse(value: unknown): { success: boolean } }>;
  return Object.entries(values).every(([name, text]) => {
    const schema = shape[name];
    if (!schema) return false;
    const kind = wireKindOf(schema as unknown as Parameters<typeof wireKindOf>[0]);
    if (kind === 'raw') return schema.safeParse(text).success;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return kind === 'raw-or-json' && schema.safeParse(text).success;
    }
    return schema.safeParse(parsed).success || (kind === 'raw-or-json' && schema.safeParse(text).success);
  });
}

function byName(name: string): FoundEndpoint {
  const endpoint = incomingEndpoints.find((candidate) => candidate.name === name);
  if (endpoint) return { endpoint, pathValues: {}, queryValues: [] };
  if (endpointList.some((candidate) => candidate.name === name)) {
    throw new CliError('usage', `${name} describes a request the server sends to an integration; it cannot be called`);
  }
  throw new CliError('usage', `unknown endpoint '${name}'`, {
    hint: `${didYouMean(name, incomingEndpoints.map((e) => e.name)) ?? 'no endpoint has a similar name'} (teamchat call --list shows them all)`,
  });
}

function byRoute(method: HttpMethod, target: string): FoundEndpoint {
  const [rawPath = '', query = ''] = target.split('?', 2);
  const path = rawPath.replace(API_PREFIX, '').replace(/(?<=.)\/+$/, '');
  const queryValues = [...new URLSearchParams(query)];
  // Table order puts literal paths before the templates they also match (`/users/me`).
  const literal = incomingEndpoints.find((e) => e.method === method && e.path === path);
  if (literal) return { endpoint: literal, pathValues: {}, queryValues };
  const matches: FoundEndpoint[] = [];
  for (const endpoint of incomingEndpoints) {
    if (endpoint.method !== method) continue;
    const match = templatePattern(endpoint.path).exec(path);
    if (!match) continue;
    const pathValues: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      try {
        pathValues[name] = decodeURIComponent(value);
      } catch {
        throw new CliError('usage', `path parameter ${name} is not valid URL encoding: '${value}'`);
      }
    }
    matches.push({ endpoint, pathValues, queryValues });
  }
  // `/users/5` is users.get, `/users/mike@example.com` users.getByEmail: the first template
  // whose values fit; else the first match, whose decoding then names the bad value.
  const found = matches.find((candidate) => pathValuesFit(candidate.endpoint, candidate.pathValues)) ?? matches[0];
  if (found) return found;
  const otherMethods = incomingEndpoints.filter((e) => e.method !== method && templatePattern(e.path).test(path));
  throw new CliError('usage', `no endpoint matches ${method} ${path}`, {
    hint:
      otherMethods.length > 0
        ? `that path takes ${otherMethods.map((e) => `${e.method} (${e.name})`).join(', ')}`
        : 'teamchat call --list shows every method and path',
  });
}

/**
 * Finds the contract a `call` argument names: a contract name (`users.list`) or a route
 * (`GET /users`, `"GET /users/5"`, also with a `/api/v1` prefix or a query string).
 * `next` is the following argument, for a route given as two words (`call GET /users`);
 * `consumed` tells whether it was used.
 *
 * @throws {CliError} (usage) for an unknown name or route, with close matches.
 */
export function findEndpoint(spec: string, next?: string): FoundEndpoint & { consumed: boolean } {
  const trimmed = spec.trim();
  const words = trimmed.split(/\s+/);
  const method = (words[0] ?? '').toUpperCase();
  if (words.length === 2 && isMethod(method)) return { ...byRoute(method, words[1] ?? ''), consumed: false };
  if (words.length === 1 && isMethod(method) && next?.startsWith('/')) return { ...byRoute(method, next), consumed: true };
  if (trimmed.startsWith('/')) {
    throw new CliError('usage', `'${trimmed}' needs a method`, { hint: `write it as "GET ${trimmed}" (or POST, PATCH, DELETE)` });
  }
  return { ...byName(trimmed), consumed: false };
}
