import { createRouteTable, endpointList, incomingEndpoints, type Endpoint, type HttpMethod } from '@teamchat/schema';
import { CliError } from './cli-error.js';
import { didYouMean } from './close-matches.js';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const API_PREFIX = /^\/api\/v1(?=\/)/;
const routes = createRouteTable(incomingEndpoints);

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

function byName(name: string): FoundEndpoint {
  const endpoint = incomingEndpoints.find((candidate) => candidate.name === name);
  if (endpoint) return { endpoint, pathValues: {}, queryValues: [] };
  if (endpointList.some((candidate) => candidate.name === name)) {
    throw new CliError('usage', `${name} describes a request the server sends to an integration; it cannot be called`);
  }
  throw new CliError('usage', `unknown endpoint '${name}'`, {
    hint: `${
      didYouMean(
        name,
        incomingEndpoints.map((e) => e.name),
      ) ?? 'no endpoint has a similar name'
    } (teamchat call --list shows them all)`,
  });
}

function byRoute(method: HttpMethod, target: string): FoundEndpoint {
  const [rawPath = '', query = ''] = target.split('?', 2);
  const path = rawPath.replace(API_PREFIX, '').replace(/(?<=.)\/+$/, '');
  const queryValues = [...new URLSearchParams(query)];
  // The template itself (`GET /users/{user_id}`) names its contract, path parameters to follow as NAME=VALUE.
  const template = incomingEndpoints.find((e) => e.method === method && e.path === path);
  if (template) return { endpoint: template, pathValues: {}, queryValues };
  // A concrete path goes through the server's own route lookup: `/users/5` is users.get,
  // `/users/mike@example.com` users.getByEmail, `/users/me` users.me.
  const match = routes.match(method, path);
  switch (match.kind) {
    case 'found':
      return { endpoint: match.endpoint, pathValues: match.pathParams, queryValues };
    case 'method-not-allowed':
      throw new CliError('usage', `no endpoint matches ${method} ${path}`, {
        hint: `that path takes ${match.endpoints.map((e) => `${e.method} (${e.name})`).join(', ')}`,
      });
    case 'not-found':
      throw new CliError('usage', `no endpoint matches ${method} ${path}`, {
        hint: 'teamchat call --list shows every method and path',
      });
  }
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
  if (words.length === 1 && isMethod(method) && next?.startsWith('/'))
    return { ...byRoute(method, next), consumed: true };
  if (trimmed.startsWith('/')) {
    throw new CliError('usage', `'${trimmed}' needs a method`, {
      hint: `write it as "GET ${trimmed}" (or POST, PATCH, DELETE)`,
    });
  }
  return { ...byName(trimmed), consumed: false };
}
